/** Success messages in the REST envelope. */
export const api = {
  ok: 'Thành công',
  created: 'Tạo thành công',
  updated: 'Cập nhật thành công',
  deleted: 'Xóa thành công',
  registered: 'Đăng ký thành công, vui lòng kiểm tra email để lấy mã xác thực',
  codeSent: 'Nếu tài khoản đang chờ kích hoạt, mã xác thực mới đã được gửi tới email',
  verified: 'Kích hoạt tài khoản thành công',
  loggedIn: 'Đăng nhập thành công',
  resetMailSent: 'Nếu email đã được đăng ký, liên kết đặt lại mật khẩu đã được gửi',
  resetTokenOk: 'Liên kết hợp lệ',
  passwordReset: 'Đặt lại mật khẩu thành công, vui lòng đăng nhập',
  passwordOk: 'Mật khẩu đúng',
  passwordChanged: 'Đổi mật khẩu thành công',
} as const;
