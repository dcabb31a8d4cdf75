import type { DocumentKey } from '#shared/constants.ts';

/** The home page and terms of a fresh install, until an administrator edits them. */
export const DEFAULT_DOCUMENTS: Record<
  DocumentKey,
  Array<{ title: string; subtitle: string; body: string }>
> = {
  traceability: [
    {
      title: 'Truy xuất nguồn gốc sản phẩm',
      subtitle: 'Quét mã QR trên bao bì để biết sản phẩm đến từ đâu',
      body: '<p>Mỗi sản phẩm có một mã QR riêng. Dùng camera điện thoại hoặc trang <strong>Quét mã QR</strong> để xem thông tin sản phẩm, doanh nghiệp sản xuất và toàn bộ hành trình của sản phẩm.</p>',
    },
    {
      title: 'Dành cho doanh nghiệp',
      subtitle: 'Minh bạch hành trình, tăng niềm tin của khách hàng',
      body: '<ul><li>Quản lý sản phẩm và hành trình sản phẩm</li><li>In tem mã QR cho từng sản phẩm</li><li>Theo dõi lượt quét theo ngày</li></ul>',
    },
  ],
  termsAndServices: [
    {
      title: 'Điều khoản sử dụng',
      subtitle: 'Vui lòng đọc kỹ trước khi đăng ký',
      body: '<p>Khi sử dụng dịch vụ, bạn cam kết cung cấp thông tin trung thực về sản phẩm và doanh nghiệp của mình, và chịu trách nhiệm về nội dung đã đăng.</p>',
    },
    {
      title: 'Quyền riêng tư',
      subtitle: 'Chúng tôi thu thập ít dữ liệu nhất có thể',
      body: '<p>Mỗi lượt quét chỉ ghi lại thời điểm, sản phẩm và loại thiết bị (điện thoại, máy tính bảng, máy tính). Chúng tôi không lưu địa chỉ IP hay vị trí chính xác của bạn. Dữ liệu lượt quét được xóa sau thời hạn lưu trữ (mặc định 13 tháng).</p>',
    },
  ],
};
