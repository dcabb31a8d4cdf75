/**
 * Every string a shopper reads, in Vietnamese (issue 33, decision 211): the public pages, their layout as a
 * visitor sees it, the scan page, the history, the error pages, the serial verdict and the shared links'
 * previews. The one definition of these words: the workspace's modules (shared/i18n/vi/) take the same
 * strings from here, and this object's type is `PublicStrings`, which en.ts and zh-Hans.ts fill. It imports
 * nothing, so the light page can load one language's words alone.
 */
export const viPublic = {
  /** The switcher's accessible name. */
  languageLabel: 'Ngôn ngữ',
  /** After a field shown in Vietnamese on a page in another language; never shown on a Vietnamese page. */
  fallbackMarker: '',
  client: {
    appName: 'Truy xuất nguồn gốc',
    /** A browser tab's title: the page's name, then the app's. */
    documentTitle: (name: string) => `${name} | Truy xuất nguồn gốc`,
    loading: 'Đang tải',
    mainMenu: 'Menu chính',
    openMenu: 'Mở menu',
    closeMenu: 'Đóng menu',
    collapseSidebar: 'Thu gọn thanh bên',
    expandSidebar: 'Mở rộng thanh bên',
    openAccount: 'Mở menu tài khoản',
    close: 'Đóng',
    /** 'Something went wrong!': a failed call without any message (decision 032). */
    somethingWentWrong: 'Đã có lỗi xảy ra!',
    /** 'Unknown Error': a failure that is not an HTTP answer (network down...) (decision 032). */
    unknownError: 'Lỗi không xác định',
    offline: 'Không có kết nối mạng. Vui lòng kiểm tra mạng rồi thử lại.',
    /** '/' while the site's coming-soon date is ahead: a countdown. */
    comingSoon: {
      title: 'Sắp ra mắt!',
      text: 'Chúng tôi đang hoàn thiện trang web. Hãy quay lại sau nhé!',
      days: 'Ngày',
      hours: 'Giờ',
      minutes: 'Phút',
      seconds: 'Giây',
    },
    /** A page that needs the network, opened without one (decision 187). */
    offlinePage: {
      title: 'Không có mạng',
      text: 'Trang này cần kết nối mạng. Hãy kiểm tra Wi-Fi hoặc dữ liệu di động rồi thử lại; trang cũng tự tải lại khi có mạng.',
      retry: 'Thử lại',
      meanwhile: 'Khi không có mạng, bạn vẫn xem được:',
    },
    /** A product or lot page shown from the copy kept on the phone. */
    keptCopy: {
      title: 'Không có mạng',
      text: (when: string) => `Bản lưu lúc ${when}, có thể đã cũ.`,
      retry: 'Tải bản mới',
    },
    /** A page whose code or data failed to load for another reason than the network. */
    pageFailed: {
      title: 'Không tải được trang',
      text: 'Đã có lỗi khi tải trang này. Hãy tải lại trang.',
      reload: 'Tải lại trang',
    },
    loadFailed: 'Không tải được danh sách. Kiểm tra kết nối rồi thử lại.',
    retry: 'Thử lại',
    backHome: 'Về trang chủ',
    errorPages: {
      forbidden: 'Bạn không có quyền truy cập trang này.',
      notFound: 'Trang bạn tìm không tồn tại hoặc đã bị di chuyển.',
      serverError: 'Máy chủ gặp sự cố. Vui lòng thử lại sau.',
    },
    badRequest: 'Dữ liệu không hợp lệ',
  },
  /** Menu entries and page titles a visitor sees (decision 030). */
  nav: {
    home: 'Trang chủ',
    scannedProducts: 'Sản phẩm đã quét',
    scanQr: 'Quét mã QR',
    signIn: 'Đăng nhập',
    signUp: 'Đăng ký',
    logout: 'Đăng xuất',
    productDetail: 'Chi tiết sản phẩm',
    companyDetail: 'Doanh nghiệp',
    redirect: 'Mã QR sản phẩm',
    forbidden: 'Không có quyền truy cập',
    notFound: 'Không tìm thấy trang',
    serverError: 'Lỗi máy chủ',
  },
  scan: {
    intro: 'Hướng camera vào mã QR trên sản phẩm để xem nguồn gốc.',
    startCamera: 'Bật camera',
    cameraLoading: 'Đang mở camera…',
    cameraLabel: 'Khung camera quét mã QR',
    cameraHelp:
      'Hình ảnh trực tiếp từ camera. Khi camera thấy một mã QR của hệ thống, trang sản phẩm tự mở và thông báo được đọc lên. Nếu không nhìn được khung hình, hãy chọn ảnh mã QR hoặc nhập mã in dưới tem ở bên dưới.',
    looking: 'Đang tìm sản phẩm…',
    orPhoto: 'Hoặc chọn ảnh có mã QR',
    choosePhoto: 'Chọn ảnh mã QR',
    decodingPhoto: 'Đang đọc mã trong ảnh…',
    manualLabel: 'Hoặc nhập mã in dưới tem',
    manualSubmit: 'Tra cứu',
    notOurs: 'Mã QR này không thuộc hệ thống Truy xuất nguồn gốc. Hãy quét mã trên tem sản phẩm.',
    notFound: 'Không tìm thấy sản phẩm cho mã này, hoặc sản phẩm đã ngừng hoạt động.',
    cameraDenied:
      'Bạn đã từ chối quyền dùng camera. Hãy cho phép camera trong cài đặt trình duyệt, hoặc chọn ảnh mã QR bên dưới.',
    cameraMissing: 'Không tìm thấy camera trên thiết bị này. Hãy chọn ảnh mã QR bên dưới.',
    cameraInsecure:
      'Trình duyệt chỉ cho phép camera trên kết nối bảo mật (https). Hãy chọn ảnh mã QR bên dưới.',
    cameraBusy: 'Camera đang được ứng dụng khác sử dụng. Hãy đóng ứng dụng đó hoặc chọn ảnh mã QR.',
    cameraFailed: 'Không mở được camera. Hãy thử lại hoặc chọn ảnh mã QR bên dưới.',
    scanAgain: 'Quét lại',
    retryCamera: 'Thử lại camera',
    pickTitle: 'Ảnh có nhiều mã QR của hệ thống. Chọn sản phẩm muốn xem:',
    queued:
      'Không có mạng. Mã đã được lưu trên điện thoại và sẽ được tra cứu, ghi vào lịch sử khi có mạng trở lại.',
    pending: (n: number) => `${n} mã đang chờ tra cứu khi có mạng`,
    recentTitle: 'Đã quét gần đây',
    keptOffline: 'Trang quét đã được lưu trên điện thoại: lần sau vẫn mở và đọc mã được khi không có mạng.',
  },
  /** What the server answers a shopper's scan of a photo (shared/i18n/vi/scan.ts takes these). */
  scanMessages: {
    notOurs: 'Mã QR này không thuộc hệ thống',
    noCodeInImage: 'Không tìm thấy mã QR trong ảnh',
    notAPhoto: 'Chỉ đọc được ảnh JPG, PNG, GIF, WebP hoặc HEIC',
    fileTooLarge: (mb: string) => `Tệp quá lớn, tối đa ${mb} MB`,
    tooManyPixels: 'Ảnh có kích thước quá lớn, vui lòng chụp ảnh nhỏ hơn',
    logAdded: 'Đã lưu vào lịch sử quét',
    logsMerged: 'Đã đồng bộ lịch sử quét',
    decodeBusy: 'Hệ thống đang xử lý nhiều ảnh, vui lòng thử lại sau ít giây',
    decodeTooCostly: 'Ảnh này quá nặng để đọc mã QR, vui lòng chụp lại ảnh nhỏ hơn hoặc lưu ở dạng JPG',
    heifTooManyPixels: (mp: number) =>
      `Ảnh HEIC/AVIF tối đa ${mp} megapixel, vui lòng chụp ở độ phân giải thấp hơn hoặc lưu ở dạng JPG`,
  },
  privacy: {
    title: 'Quyền riêng tư',
    text: (months: number) =>
      `Mỗi lần quét, hệ thống chỉ ghi thời điểm, sản phẩm, tài khoản (nếu bạn đã đăng nhập) và loại thiết bị (điện thoại hay máy tính); không lưu địa chỉ IP hay vị trí chính xác. Dữ liệu quét được xóa sau ${months} tháng. Khi chưa đăng nhập, lịch sử quét chỉ nằm trên thiết bị này và được chuyển vào tài khoản khi bạn đăng nhập.`,
  },
  product: {
    notFoundTitle: 'Không tìm thấy sản phẩm',
    notFoundText: 'Sản phẩm không tồn tại hoặc đã ngừng hoạt động.',
    origin: 'Xuất xứ',
    category: 'Danh mục',
    unit: 'Đơn vị',
    tags: 'Thẻ',
    company: 'Doanh nghiệp',
    timeline: 'Hành trình sản phẩm',
    timelineEmpty: 'Chưa có thông tin hành trình.',
    gallery: 'Hình ảnh sản phẩm',
    imageAlt: (name: string, n: number) => `${name}: ảnh ${n}`,
    noImage: 'Chưa có ảnh',
    share: 'Chia sẻ',
    copied: 'Đã sao chép liên kết',
    copyFailed: 'Không sao chép được liên kết',
    gtin: 'Mã GTIN',
    brand: 'Nhãn hiệu, thương hiệu',
    standards: 'Tiêu chuẩn áp dụng',
    shelfLife: 'Hạn sử dụng (thời hạn)',
  },
  company: {
    notFoundTitle: 'Không tìm thấy doanh nghiệp',
    representative: 'Người đại diện',
    address: 'Địa chỉ',
    email: 'Email',
    license: 'Giấy phép kinh doanh',
    products: 'Sản phẩm đang hoạt động',
    noProducts: 'Doanh nghiệp chưa có sản phẩm nào đang hoạt động.',
  },
  pager: {
    previous: 'Trang trước',
    next: 'Trang sau',
    page: (page: number, pages: number) => `Trang ${page}/${pages}`,
  },
  landing: {
    scan: 'Quét mã QR',
    forBusiness: 'Bạn là doanh nghiệp?',
    signUpBusiness: 'Đăng ký để tạo mã QR cho sản phẩm',
  },
  history: {
    empty: 'Bạn chưa quét sản phẩm nào.',
    scanNow: 'Quét mã QR ngay',
    guestNote: 'Lịch sử này được lưu trên thiết bị. Đăng nhập để lưu vào tài khoản.',
    scannedAt: (when: string) => `Quét lúc ${when}`,
    lot: (code: string) => `Lô ${code}`,
    lotRecalled: 'Đã thu hồi',
    loadFailed: 'Không tải được lịch sử quét.',
  },
  redirect: {
    resolving: 'Đang mở sản phẩm…',
    notFoundTitle: 'Không tìm thấy sản phẩm',
    notFoundText: 'Mã này không tồn tại, chưa được gắn với sản phẩm, hoặc sản phẩm đã ngừng hoạt động.',
    causesTitle: 'Có thể vì một trong ba lý do:',
    causes: [
      {
        title: 'Mã không có trong hệ thống',
        text: 'Mã bị in hoặc nhập sai, hoặc không phải mã của Truy xuất nguồn gốc. Hãy kiểm tra các ký tự in dưới tem.',
      },
      {
        title: 'Mã chưa được gắn với sản phẩm',
        text: 'Tem đã được in trước nhưng doanh nghiệp chưa gắn mã với sản phẩm nào.',
      },
      {
        title: 'Sản phẩm đang ngừng hoạt động',
        text: 'Doanh nghiệp đã tạm ẩn thông tin sản phẩm này. Hãy hỏi nơi bán.',
      },
    ],
  },
  /** The public lot page and the recall banner. */
  lot: {
    title: (code: string) => `Lô ${code}`,
    notFoundTitle: 'Không tìm thấy lô hàng',
    notFoundText: 'Lô hàng không tồn tại hoặc sản phẩm chưa được công khai.',
    recallTitle: 'Lô hàng này đã bị thu hồi',
    recallReason: 'Lý do',
    recallDate: 'Ngày thu hồi',
    recallAdvice: 'Vui lòng không sử dụng sản phẩm thuộc lô này và liên hệ nhà sản xuất.',
    recalledLotsTitle: 'Có lô hàng của sản phẩm này đã bị thu hồi',
    recalledLot: (code: string) => `Lô ${code}`,
    /** A lot made from a recalled batch (decision 200). */
    inputRecallTitle: 'Lô hàng này được làm từ một lô nguyên liệu đã bị thu hồi',
    inputRecalledLot: (code: string) => `Lô nguyên liệu ${code}`,
    inputRecallAdvice: 'Vui lòng chưa sử dụng sản phẩm thuộc lô này và liên hệ nhà sản xuất.',
    /** Where the lot's goods and its inputs' goods came from (decision 200). */
    originsTitle: 'Nguồn gốc nguyên liệu',
    originsOfLot: 'Nhận trực tiếp từ',
    inputLot: (productName: string, code: string) => `${productName} — lô ${code}`,
    originUnnamed: 'Nhà cung cấp',
    lotFacts: 'Thông tin lô hàng',
    lotCode: 'Mã lô',
    productionDate: 'Ngày sản xuất',
    quantity: 'Số lượng',
    lotJourney: 'Hành trình của lô',
    productLink: 'Xem trang sản phẩm',
    lotLabel: 'Lô hàng',
    /** Above a product page reached by a Digital Link naming a lot the product does not have (decision 184). */
    askedLotUnknown: (code: string) => `Không tìm thấy lô ${code} — đây là thông tin chung của sản phẩm`,
    expiryKinds: { EXPIRY: 'Hạn sử dụng', BEST_BEFORE: 'Sử dụng tốt nhất trước' },
  },
  /** The public lot page's growing areas (issue 34, decision 219). */
  plots: {
    title: 'Vùng trồng',
    /** Under the title: where the plots come from, for a lot made from other lots. */
    ofLot: 'Vùng trồng của lô này',
    ofInput: (productName: string, code: string) => `Từ ${productName} — lô ${code}`,
    province: 'Tỉnh/thành',
    plantingAreaCode: 'Mã số vùng trồng',
    packingHouseCode: 'Mã số cơ sở đóng gói',
    crop: 'Cây trồng',
    area: 'Diện tích',
    areaHa: (area: string) => `${area} ha`,
    producer: 'Hộ/cơ sở sản xuất',
    /** The outline's accessible name (the SVG's aria-label). */
    outlineLabel: (name: string) => `Sơ đồ ranh giới vùng trồng ${name}`,
    /** A plot saved before its outline was drawn, or without a geometry. */
    noOutline: 'Chưa có sơ đồ',
    /** Why no map: said once under the section, so a shopper knows the drawing is not to scale with others. */
    outlineNote: 'Sơ đồ phác họa hình dạng từng vùng trồng theo tọa độ đã khai báo, không theo cùng tỉ lệ.',
  },
  /** The verdict of a serialized code's open, its PIN, and fake reports (issue 32, decisions 206-208). */
  serialVerdict: {
    first: 'Bạn là người đầu tiên xác thực sản phẩm này',
    firstAdvice: 'Mã này chưa từng được xác thực trước đây: sản phẩm chính hãng.',
    seen: (count: number) => `Sản phẩm đã được xác thực ${count} lần`,
    seenFirst: (when: string, province: string | null) =>
      province ? `Lần đầu: ${when}, tại ${province}` : `Lần đầu: ${when}`,
    approximate: '(ước tính theo mạng)',
    suspect: 'Cảnh báo: mã này có dấu hiệu bị sao chép',
    suspectAdvice:
      'Mã đã được quét nhiều lần hoặc ở nhiều nơi cách xa nhau. Hãy kiểm tra kỹ sản phẩm và báo cho nhà sản xuất.',
    notIssued: 'Mã không hợp lệ',
    notIssuedAdvice: 'Mã này không do nhà sản xuất phát hành. Sản phẩm có thể là hàng giả.',
    voided: 'Mã đã bị hủy',
    voidedAdvice: 'Nhà sản xuất đã hủy mã này. Sản phẩm mang mã này không được bán ra.',
    recalled: 'Lô hàng này đã bị thu hồi',
    recallAdvice: 'Vui lòng không sử dụng sản phẩm thuộc lô này và liên hệ nhà sản xuất.',
    product: 'Sản phẩm',
    productLink: 'Xem thông tin sản phẩm',
    pinTitle: 'Xác thực bằng mã PIN',
    pinLabel: 'Mã PIN (cào lớp phủ trên tem)',
    pinSubmit: 'Xác thực',
    pinWrong: 'Mã PIN không đúng',
    /** Too many PINs tried for this item or from this network (the server's 429). */
    tooManyTries: 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ít phút.',
    pinNone: 'Sản phẩm này không có mã PIN',
    activatedNow: 'Sản phẩm chính hãng, vừa được kích hoạt',
    activatedBefore: (when: string) =>
      `Mã PIN này đã được kích hoạt lúc ${when}. Nếu không phải bạn, hãy cẩn thận.`,
    reportTitle: 'Báo hàng giả',
    reportShop: 'Tên cửa hàng',
    reportNote: 'Ghi chú',
    reportPhoto: 'Ảnh sản phẩm',
    reportPhotoPick: 'Chọn ảnh',
    reportPhotoNone: 'Chưa chọn ảnh',
    reportSubmit: 'Gửi báo cáo',
    reportSent: 'Cảm ơn bạn! Báo cáo đã được gửi tới nhà sản xuất.',
    shopRequired: 'Vui lòng nhập tên cửa hàng',
    noteTooLong: 'Ghi chú dài tối đa 1.000 ký tự',
    photoTooLarge: 'Ảnh quá lớn. Vui lòng chọn ảnh nhỏ hơn.',
    photoNotImage: 'Tệp đã chọn không phải ảnh (JPEG, PNG hoặc GIF).',
    /** A report of a code that is neither issued nor on a product's page: no company to send it to. */
    reportNoCompany: 'Không xác định được nhà sản xuất của mã này, nên chưa gửi được báo cáo.',
    useLocation: 'Dùng vị trí của tôi',
    locationNote: 'Chỉ tỉnh/thành phố được lưu, không lưu vị trí chính xác.',
    locationSaved: (province: string) => `Đã ghi nhận: ${province}`,
    reasons: {
      COUNT: 'Quét nhiều hơn ngưỡng của doanh nghiệp',
      BURST: 'Quét từ 3 lần trở lên trong 24 giờ',
      FAR: 'Quét ở hai tỉnh cách xa nhau trong 2 giờ',
    },
  },
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
};

/** The shape every language's public strings fill (en.ts, zh-Hans.ts): Vietnamese's, its strings widened. */
export type PublicStrings = typeof viPublic;
