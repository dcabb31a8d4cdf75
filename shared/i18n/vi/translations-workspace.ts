/**
 * The workspace's side of issue 33 (decision 213): the languages a company publishes and the editor of its
 * translations, beside the Vietnamese. The workspace itself stays Vietnamese; a language's own name is
 * written in that language (LANGUAGE_NAMES).
 */
export const translationsWorkspace = {
  title: 'Bản dịch',
  intro:
    'Người mua ở nước ngoài đọc trang công khai bằng ngôn ngữ của họ. Trường chưa dịch hiện bằng tiếng Việt, có ghi chú "(Tiếng Việt)".',
  languagesLabel: 'Ngôn ngữ của bản dịch',
  /** The Vietnamese column's heading, and the translation's, on a wide screen. */
  source: 'Tiếng Việt (bản gốc)',
  target: (language: string) => `Bản dịch: ${language}`,
  sourceOf: (field: string) => `${field}: tiếng Việt`,
  emptySource: 'Chưa có nội dung tiếng Việt',
  missing: (n: number) => `Còn thiếu ${n} trường`,
  complete: 'Đã dịch đủ',
  unsaved: 'Có thay đổi chưa lưu',
  notPublished: (language: string) =>
    `${language} chưa được bật trên trang công khai. Bật trong Cài đặt doanh nghiệp, mục "Ngôn ngữ trang công khai".`,
  steps: 'Hành trình',
  step: (n: number, date: string) => (date ? `Bước ${n} · ${date}` : `Bước ${n}`),
  tagsHint: 'Các thẻ cách nhau bằng dấu phẩy',
  save: (language: string) => `Lưu bản dịch ${language}`,
  saved: (language: string) => `Đã lưu bản dịch ${language}`,
  remove: (language: string) => `Xóa bản dịch ${language}`,
  removeTitle: (language: string) => `Xóa bản dịch ${language}?`,
  removeMessage: (language: string) =>
    `Mọi trường đã dịch sang ${language} sẽ bị xóa; trang ${language} sẽ hiện nội dung tiếng Việt cho đến khi dịch lại.`,
  removed: (language: string) => `Đã xóa bản dịch ${language}`,
  nothingSaved: 'Chưa có bản dịch nào được lưu cho ngôn ngữ này.',
  /** The company's published languages (company settings). */
  languages: {
    title: 'Ngôn ngữ trang công khai',
    hint: 'Trang sản phẩm, lô hàng và doanh nghiệp được hiện bằng các ngôn ngữ được chọn; người mua chọn ngôn ngữ trên trang.',
    vietnamese: 'Tiếng Việt (luôn bật)',
    /** Said with the language's own name after it, in brackets: "Tiếng Anh (English)". */
    names: { en: 'Tiếng Anh', 'zh-Hans': 'Tiếng Trung giản thể' },
    save: 'Lưu ngôn ngữ',
    saved: 'Đã lưu ngôn ngữ trang công khai',
  },
  /** Where the editor stands in the workspace. */
  profileTitle: 'Bản dịch thông tin doanh nghiệp',
  productTitle: 'Bản dịch sản phẩm',
  /** A product's menu entry that opens its translations, and that dialog's close button. */
  productAction: 'Bản dịch',
  productActionOf: (name: string) => `Bản dịch ${name}`,
  close: 'Đóng',
  lotTitle: 'Bản dịch lô hàng',
  lotUnit: 'Đơn vị',
  recallReason: 'Lý do thu hồi',
} as const;
