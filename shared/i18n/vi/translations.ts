/** A company's content in other languages (decision 210): the workspace's messages about it. */
export const translations = {
  saved: 'Đã lưu bản dịch',
  deleted: 'Đã xóa bản dịch',
  languagesSaved: 'Đã lưu các ngôn ngữ công bố',
  invalidLanguage: 'Ngôn ngữ không được hỗ trợ: chỉ en (tiếng Anh) hoặc zh-Hans (tiếng Trung giản thể)',
  duplicateLanguage: 'Mỗi ngôn ngữ chỉ được chọn một lần',
  tooManySteps: (n: number) => `Bản dịch có tối đa ${n} bước hành trình`,
  invalidStepId: 'Mã bước hành trình không hợp lệ',
  unknownStep: (id: string) => `Bước hành trình ${id} không thuộc mục này`,
  tooManyTags: (n: number) => `Tối đa ${n} thẻ`,
  companyNotFound: 'Không tìm thấy doanh nghiệp',
} as const;
