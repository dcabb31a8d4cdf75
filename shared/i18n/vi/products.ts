/** Products, QR codes and short links: messages the server sends and the forms show. */
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
  share: {
    lotName: (code: string, product: string) => `Lô ${code} · ${product}`,
    recalledLotName: (code: string, product: string) => `Đã thu hồi: Lô ${code} · ${product}`,
    lotRecalled: 'Lô hàng này đã bị thu hồi: không sử dụng sản phẩm thuộc lô này.',
    lotInputRecalled:
      'Lô hàng này được làm từ một lô nguyên liệu đã bị thu hồi: chưa sử dụng sản phẩm thuộc lô này.',
    lotCta: 'Xem thông tin và hành trình của lô hàng.',
    address: (address: string) => `Địa chỉ: ${address}.`,
    companyCta: 'Xem thông tin doanh nghiệp và các sản phẩm đang hoạt động.',
    origin: (origin: string) => `Xuất xứ: ${origin}.`,
    company: (name: string) => `Sản xuất bởi ${name}.`,
    steps: (count: number) => `Hành trình ${count} bước.`,
    cta: 'Xem nguồn gốc và hành trình của sản phẩm.',
    siteName: 'Truy xuất nguồn gốc',
  },
} as const;
