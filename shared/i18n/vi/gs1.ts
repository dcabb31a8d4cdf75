/** GS1: Digital Link resolver answers, EPCIS export and import. */
export const gs1 = {
  badDigitalLink: 'Đường dẫn GS1 Digital Link không hợp lệ',
  digitalLinkReasons: {
    NOT_A_URI: 'không phải một địa chỉ http(s)',
    NO_PRIMARY_KEY: 'không có khóa chính GS1 (ví dụ /01/ và 14 chữ số GTIN)',
    SHORT_NAME: 'tên viết tắt như /gtin/ không còn trong chuẩn, hãy dùng mã AI bằng số (ví dụ /01/)',
    BAD_GTIN: 'GTIN phải có đúng 14 chữ số',
    BAD_CHECK_DIGIT: 'sai số kiểm tra',
    BAD_DATE: 'ngày hoặc giờ không hợp lệ (ngày viết dạng YYMMDD)',
    BAD_FLAG: 'giá trị chỉ được là 0 hoặc 1',
    BAD_VALUE: 'giá trị sai độ dài, chứa ký tự không được phép hoặc sai dạng',
    BAD_QUALIFIER: 'thành phần không dùng được với khóa chính này',
    QUALIFIER_ORDER: 'các thành phần trong đường dẫn sai thứ tự hoặc bị lặp (với GTIN: /22/, /10/, /21/)',
    UNKNOWN_AI: 'mã AI không tồn tại',
    NOT_AN_ATTRIBUTE: 'mã AI này không được dùng làm thuộc tính trong chuỗi truy vấn',
    QUALIFIER_AS_ATTRIBUTE: 'thành phần của khóa chính phải nằm trong đường dẫn, không trong chuỗi truy vấn',
    DUPLICATE_AI: 'mã AI xuất hiện hai lần',
    MISSING_AI: 'mã AI này cần một mã AI khác đi kèm',
    EXCLUDED_AI: 'mã AI này không được đi cùng một mã AI khác có trong đường dẫn',
    TOO_MANY_AIS: 'quá nhiều mã AI (tối đa 64)',
  },
  /** Which Application Identifier a reason is about. */
  aiAtFault: (ai: string) => `AI (${ai})`,
  unknownProduct: 'Không có sản phẩm nào mang mã GTIN này',
  unknownKey: 'Không có thông tin nào cho mã GS1 này',
  unknownLinkType: 'Sản phẩm này không có liên kết loại này',
  linkTitles: {
    defaultLink: 'Thông tin truy xuất nguồn gốc',
    pip: 'Thông tin sản phẩm',
    traceability: 'Truy xuất nguồn gốc',
    epcis: 'Sự kiện EPCIS 2.0',
    homepage: 'Thông tin doanh nghiệp',
  },
  epcisInvalid: (path: string, message: string) => `Tài liệu EPCIS không hợp lệ tại ${path}: ${message}`,
  epcisRoot: 'gốc tài liệu',
  epcisNotJson: 'Tệp EPCIS không phải JSON hợp lệ',
  epcisTooManyEvents: (max: number) => `Tài liệu EPCIS có quá nhiều sự kiện, tối đa ${max}`,
  epcisListTooLong: (max: number) => `danh sách có quá nhiều phần tử (tối đa ${max})`,
  epcisTooDeep: (max: number) => `lồng nhau quá sâu (tối đa ${max} cấp)`,
  epcisTooManyValues: (max: number) =>
    `tài liệu có quá nhiều giá trị (tối đa ${max.toLocaleString('vi-VN')})`,
  epcisDuplicateItems: (first: number, second: number) =>
    `danh sách có hai phần tử giống nhau (phần tử ${first} và ${second})`,
  epcisTooCostly:
    'Tài liệu EPCIS quá lớn hoặc quá phức tạp để kiểm tra: hãy chia thành nhiều tài liệu nhỏ hơn',
  epcisTooManyObjects: (max: number) => `Tài liệu EPCIS nêu quá nhiều mã hàng, tối đa ${max}`,
  epcisNoContext:
    'Tài liệu EPCIS thiếu ngữ cảnh của EPCIS 2.0: "@context" phải có https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
  epcisUnsupportedType: (n: number, type: string) =>
    `Sự kiện thứ ${n} là "${type}": chỉ nhận ObjectEvent, AggregationEvent, TransactionEvent và TransformationEvent`,
  epcisOtherLot: (n: number, type: string, identifier: string) =>
    `Sự kiện thứ ${n} (${type}) nêu ${identifier}, thuộc một sản phẩm hoặc lô khác với lô này`,
  epcisNotThisLot: (n: number) =>
    `Sự kiện thứ ${n} (TransformationEvent) không có lô này ở đầu vào hay đầu ra`,
  /** The supply chain in an imported document (decision 203). */
  epcisUnknownPartner: (n: number, kind: 'receipt' | 'shipment', party: string) =>
    `Sự kiện thứ ${n} (${kind === 'receipt' ? 'nhận hàng' : 'xuất hàng'}) nêu ${
      kind === 'receipt' ? 'bên giao' : 'bên nhận'
    } ${party}, không khớp đối tác nào của doanh nghiệp (theo GLN, mã số thuế hoặc mã đối tác): hãy thêm đối tác có GLN hoặc mã số thuế này rồi nhập lại`,
  epcisNoLotQuantity: (n: number, kind: 'receipt' | 'shipment') =>
    `Sự kiện thứ ${n} (${kind === 'receipt' ? 'nhận hàng' : 'xuất hàng'}) không nêu số lượng của lô này trong quantityList`,
  epcisUnknownLot: (n: number, identifier: string) =>
    `Sự kiện thứ ${n} (TransformationEvent) nêu lô đầu vào ${identifier}, không phải lô nào của doanh nghiệp: hãy tạo lô đó trước rồi nhập lại`,
  epcisInputWithoutQuantity: (n: number, identifier: string) =>
    `Sự kiện thứ ${n} (TransformationEvent): lô đầu vào ${identifier} phải có số lượng trong inputQuantityList`,
  epcisAboutEvent: (n: number, message: string) => `Sự kiện thứ ${n}: ${message}`,
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
