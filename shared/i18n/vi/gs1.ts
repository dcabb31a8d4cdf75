/** GS1: Digital Link resolver answers, EPCIS export and import. */
export const gs1 = {
  badDigitalLink: 'Đường dẫn GS1 Digital Link không hợp lệ',
  digitalLinkReasons: {
    NOT_A_URI: 'không phải một địa chỉ http(s)',
    NO_PRIMARY_KEY: 'không có khóa chính GS1 (ví dụ /01/ và 14 chữ số GTIN)',
    BAD_GTIN: 'GTIN phải có đúng 14 chữ số',
    BAD_CHECK_DIGIT: 'sai số kiểm tra (chữ số cuối)',
    BAD_VALUE: 'giá trị chứa ký tự không được phép hoặc quá dài',
    BAD_QUALIFIER: 'thành phần không dùng được với khóa chính này',
    QUALIFIER_ORDER: 'các thành phần phải theo thứ tự /22/, /10/, /21/',
    BAD_ATTRIBUTE: 'thuộc tính trong chuỗi truy vấn không hợp lệ (ngày phải dạng YYMMDD)',
  },
  unknownProduct: 'Không có sản phẩm nào mang mã GTIN này',
  unknownLinkType: 'Sản phẩm này không có liên kết loại này',
  linkTitles: {
    defaultLink: 'Thông tin truy xuất nguồn gốc',
    pip: 'Thông tin sản phẩm',
    traceability: 'Truy xuất nguồn gốc',
    epcis: 'Sự kiện EPCIS 2.0',
  },
  epcisInvalid: (path: string, message: string) => `Tài liệu EPCIS không hợp lệ tại ${path}: ${message}`,
  epcisRoot: 'gốc tài liệu',
  epcisNotJson: 'Tệp EPCIS không phải JSON hợp lệ',
  epcisNoEvents: 'Tài liệu EPCIS không có sự kiện ObjectEvent nào',
  epcisTooManyEvents: (max: number) => `Tài liệu EPCIS có quá nhiều sự kiện, tối đa ${max}`,
  epcisListTooLong: (max: number) => `danh sách có quá nhiều phần tử (tối đa ${max})`,
  epcisTooDeep: (max: number) => `lồng nhau quá sâu (tối đa ${max} cấp)`,
  epcisTooManyValues: (max: number) =>
    `tài liệu có quá nhiều giá trị (tối đa ${max.toLocaleString('vi-VN')})`,
  epcisDuplicateItems: (first: number, second: number) =>
    `danh sách có hai phần tử giống nhau (phần tử ${first} và ${second})`,
  epcisTooCostly:
    'Tài liệu EPCIS quá lớn hoặc quá phức tạp để kiểm tra: hãy chia thành nhiều tài liệu nhỏ hơn',
  epcisOtherLot: (n: number) => `Sự kiện thứ ${n} thuộc một sản phẩm hoặc lô khác`,
  epcisImportedTitle: 'Đã thêm các bước từ tài liệu EPCIS vào lô',
  digitalLinkQr: 'In mã QR theo chuẩn GS1 Digital Link',
  digitalLinkQrHelp:
    'Mã QR của sản phẩm có GTIN sẽ mang địa chỉ /01/{GTIN}/10/{lô}; mã cũ /redirect/… vẫn dùng được mãi.',
  digitalLinkQrChoice: 'Chọn Có hoặc Không',
  recallStep: 'Thu hồi lô',
  recalled: 'Lô này đã bị thu hồi',
  lot: 'lô',
  resolverName: 'Trình phân giải GS1 Digital Link của Truy xuất nguồn gốc',
} as const;
