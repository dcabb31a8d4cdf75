/** The site-content area: sections of the home page and the terms. */
export const documents = {
  saved: 'Đã lưu nội dung',
  deleted: 'Đã xóa nội dung',
  sectionNotFound: (id: number) => `Không tìm thấy mục nội dung #${id}`,
} as const;
