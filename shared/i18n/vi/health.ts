/** What /api/health and /api/health/ready say about this server (server/health.ts). */
export const health = {
  alive: 'Máy chủ đang chạy',
  notReady: 'Máy chủ chưa sẵn sàng nhận yêu cầu',
  /** One line per reason of server/health.ts's HEALTH_REASONS. */
  reasons: {
    starting: 'Đang khởi động: cơ sở dữ liệu chưa được chuẩn bị xong',
    database: 'Không kết nối được cơ sở dữ liệu',
    disk: 'Ổ đĩa đã đầy: không lưu được thay đổi mới, vẫn đọc được dữ liệu',
  },
} as const;
