/** The users area: staff and account management by administrators. */
export const users = {
  restored: 'Khôi phục tài khoản thành công',
  deleted: 'Đã xóa tài khoản',
  deletedPermanently: 'Đã xóa vĩnh viễn tài khoản',
  cannotDeleteSelf: 'Bạn không thể xóa tài khoản của chính mình',
  cannotChangeOwnRole: 'Bạn không thể tự thay đổi vai trò của chính mình',
  cannotChangeOwnStatus: 'Bạn không thể tự vô hiệu hóa hoặc đổi trạng thái tài khoản của chính mình',
  roleNotAllowed: 'Bạn chỉ có thể tạo hoặc sửa tài khoản Nhân viên hoặc Quản trị doanh nghiệp',
  companyRequired: 'Tài khoản doanh nghiệp phải thuộc một doanh nghiệp',
  companyNotAllowed: 'Chỉ tài khoản Nhân viên hoặc Quản trị doanh nghiệp mới thuộc một doanh nghiệp',
  companyNotFound: 'Không tìm thấy doanh nghiệp',
  invitePending: 'Tài khoản được mời sẽ chờ người dùng tự đặt mật khẩu qua email',
  inviteNotSent: 'Không gửi được email mời, tài khoản chưa được tạo. Vui lòng thử lại sau.',
} as const;
