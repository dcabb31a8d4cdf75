/** Scanning: uploads of QR photos and images, and the scan history. */
export const scan = {
  notOurs: 'Mã QR này không thuộc hệ thống',
  noCodeInImage: 'Không tìm thấy mã QR trong ảnh',
  missingFile: 'Vui lòng chọn một tệp ảnh (trường file)',
  tooManyParts: (max: number) => `Biểu mẫu gửi lên có quá nhiều phần (tối đa ${max})`,
  notAnImage: 'Chỉ chấp nhận ảnh JPG, JPEG, PNG hoặc GIF',
  notAPhoto: 'Chỉ đọc được ảnh JPG, PNG, GIF, WebP hoặc HEIC',
  fileTooLarge: (mb: string) => `Tệp quá lớn, tối đa ${mb} MB`,
  tooManyPixels: 'Ảnh có kích thước quá lớn, vui lòng chụp ảnh nhỏ hơn',
  uploaded: 'Tải ảnh lên thành công',
  variantWidth: (widths: string) => `Chiều rộng ảnh không hỗ trợ, chỉ có: ${widths}`,
  logAdded: 'Đã lưu vào lịch sử quét',
  logsMerged: 'Đã đồng bộ lịch sử quét',
  decodeBusy: 'Hệ thống đang xử lý nhiều ảnh, vui lòng thử lại sau ít giây',
  decodeTooCostly: 'Ảnh này quá nặng để đọc mã QR, vui lòng chụp lại ảnh nhỏ hơn hoặc lưu ở dạng JPG',
  heifTooManyPixels: (mp: number) =>
    `Ảnh HEIC/AVIF tối đa ${mp} megapixel, vui lòng chụp ở độ phân giải thấp hơn hoặc lưu ở dạng JPG`,
} as const;
