/** The companies area: profiles, the lists of categories, units and tags, dashboard figures. */
export const companies = {
  companyIdRequired: 'Vui lòng chọn doanh nghiệp (companyId)',
  companyNotFound: 'Không tìm thấy doanh nghiệp',
  termTooLong: (n: number) => `Mỗi giá trị không được dài quá ${n} ký tự`,
  tooManyTerms: (n: number) => `Mỗi danh sách chỉ có tối đa ${n} giá trị`,
  termsSaved: 'Đã lưu danh sách',
  termCaseDuplicate: (value: string, existing: string) =>
    `"${value}" trùng với "${existing}" (chỉ khác chữ hoa, chữ thường); hãy dùng giá trị đã có`,
  termsDeleted: 'Đã xóa khỏi danh sách',
} as const;
