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
  epcisTooManyEvents: (max: number) => `Tài liệu EPCIS có quá nhiều sự kiện, tối đa ${max}`,
  epcisTooManyObjects: (max: number) => `Tài liệu EPCIS nêu quá nhiều mã hàng, tối đa ${max}`,
  epcisNoContext:
    'Tài liệu EPCIS thiếu ngữ cảnh của EPCIS 2.0: "@context" phải có https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
  epcisUnsupportedType: (n: number, type: string) =>
    `Sự kiện thứ ${n} là "${type}": chỉ nhận ObjectEvent, AggregationEvent, TransactionEvent và TransformationEvent`,
  epcisOtherLot: (n: number, type: string, identifier: string) =>
    `Sự kiện thứ ${n} (${type}) nêu ${identifier}, thuộc một sản phẩm hoặc lô khác với lô này`,
  epcisNotThisLot: (n: number) =>
    `Sự kiện thứ ${n} (TransformationEvent) không có lô này ở đầu vào hay đầu ra`,
  epcisImported: (added: number, alreadyPresent: number) =>
    added === 0 && alreadyPresent === 0
      ? 'Tài liệu EPCIS không có sự kiện nào: lô không thay đổi'
      : added === 0
        ? `Không thêm sự kiện nào: cả ${alreadyPresent} sự kiện của tài liệu đã có trong lô`
        : alreadyPresent === 0
          ? `Đã thêm ${added} sự kiện EPCIS vào lô`
          : `Đã thêm ${added} sự kiện EPCIS vào lô; ${alreadyPresent} sự kiện đã có nên không thêm lại`,
  /** What the lot's timeline calls an imported event that names no business step of its own. */
  epcisEventSteps: {
    ObjectEvent: 'Sự kiện EPCIS',
    AggregationEvent: { ADD: 'Đóng gộp vào kiện', DELETE: 'Tách khỏi kiện', OBSERVE: 'Kiểm đếm kiện hàng' },
    TransactionEvent: { ADD: 'Gắn với giao dịch', DELETE: 'Gỡ khỏi giao dịch', OBSERVE: 'Giao dịch' },
    TransformationEvent: 'Chế biến',
  },
  digitalLinkQr: 'In mã QR theo chuẩn GS1 Digital Link',
  digitalLinkQrHelp:
    'Mã QR của sản phẩm có GTIN sẽ mang địa chỉ /01/{GTIN}/10/{lô}; mã cũ /redirect/… vẫn dùng được mãi.',
  digitalLinkQrChoice: 'Chọn Có hoặc Không',
  recallStep: 'Thu hồi lô',
  recalled: 'Lô này đã bị thu hồi',
  lot: 'lô',
  resolverName: 'Trình phân giải GS1 Digital Link của Truy xuất nguồn gốc',
} as const;
