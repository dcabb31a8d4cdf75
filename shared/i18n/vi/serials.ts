/** Serialized codes' batches (issue 32, decisions 204-205): the server's messages. */
export const serials = {
  created: 'Đã tạo lô mã serial: đang sinh mã',
  voided: 'Đã hủy mã serial',
  batchNotFound: 'Không tìm thấy lô mã serial',
  productNotFound: 'Không tìm thấy sản phẩm',
  lotNotFound: 'Không tìm thấy lô hàng của sản phẩm này',
  countRange: (max: string) => `Số lượng mã phải từ 1 đến ${max}`,
  seqRange: 'Khoảng số thứ tự không hợp lệ: từ 1 đến số lượng mã của lô, số đầu không lớn hơn số cuối',
  seqPair: 'Cần nhập cả số thứ tự đầu và số thứ tự cuối, hoặc để trống cả hai để hủy cả lô',
  busy: 'Công ty đang tạo một lô mã serial khác: vui lòng đợi lô đó xong rồi thử lại',
  dailyLimit: (max: string) =>
    `Đã đạt giới hạn ${max} mã serial mỗi ngày của công ty: vui lòng thử lại vào ngày mai`,
  notReady: 'Lô mã serial chưa tạo xong: vui lòng đợi rồi tải lại',
  alreadyVoided: 'Lô mã serial đã bị hủy',
  failedGeneration: 'Tạo mã serial thất bại: vui lòng tạo lô mới',
  interrupted: 'Máy chủ khởi động lại khi đang tạo mã: lô này chưa đủ mã, vui lòng tạo lô mới',
  tooManyRanges: (max: number) =>
    `Một lô mã serial có tối đa ${max} khoảng đã hủy: hãy hủy một khoảng rộng hơn hoặc hủy cả lô`,
  companyRequired: 'Vui lòng chọn công ty',
  csvFile: (id: number) => `serials-lo-${id}.csv`,
} as const;
