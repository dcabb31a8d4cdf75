/** Products, QR codes and short links: messages the server sends and the forms show. */
import { viPublic } from '#shared/i18n/public/vi.ts';

export const products = {
  notFound: 'Không tìm thấy sản phẩm',
  companyRequired: 'Vui lòng chọn doanh nghiệp cho sản phẩm',
  otherCompany: 'Bạn không có quyền với dữ liệu của doanh nghiệp khác',
  invalidDate: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
  invalidQrCode: 'Mã QR chỉ gồm chữ cái không dấu, số, gạch dưới hoặc gạch ngang (4–64 ký tự)',
  shortLinkNotFound: 'Không tìm thấy mã QR',
  codeBoundElsewhere: 'Mã QR này đã được gắn với sản phẩm khác',
  created: 'Tạo sản phẩm thành công',
  updated: 'Cập nhật sản phẩm thành công',
  deleted: 'Xóa sản phẩm thành công',
  codesCreated: 'Tạo mã QR thành công',
  codeBound: 'Gắn mã QR với sản phẩm thành công',
  /** The public pages' names and descriptions where a shared link is shown (Zalo, Facebook...). */
  share: viPublic.share,
} as const;
