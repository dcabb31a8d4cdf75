/** Outgoing mail. Functions where a mail carries a value. */
export const mail = {
  verifySubject: 'Mã xác thực tài khoản Truy xuất nguồn gốc',
  verifyText: (name: string, code: string, minutes: number) =>
    `Xin chào ${name},\n\nMã xác thực tài khoản của bạn là: ${code}\nMã có hiệu lực trong ${minutes} phút.\n\nNếu bạn không đăng ký tài khoản, hãy bỏ qua email này.\n\nTruy xuất nguồn gốc`,
  resetSubject: 'Đặt lại mật khẩu Truy xuất nguồn gốc',
  resetText: (name: string, link: string, minutes: number) =>
    `Xin chào ${name},\n\nBạn (hoặc ai đó) vừa yêu cầu đặt lại mật khẩu. Mở liên kết sau để đặt mật khẩu mới:\n${link}\n\nLiên kết chỉ dùng được một lần và có hiệu lực trong ${minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua email này.\n\nTruy xuất nguồn gốc`,
  signUpAgainSubject: 'Có người vừa đăng ký bằng email của bạn trên Truy xuất nguồn gốc',
  signUpAgainText: (name: string, link: string) =>
    `Xin chào ${name},\n\nVừa có người đăng ký tài khoản mới bằng địa chỉ email này, nhưng email đã có tài khoản. Nếu đó là bạn, hãy đăng nhập; nếu quên mật khẩu, hãy đặt lại tại:\n${link}\n\nNếu không phải bạn, hãy bỏ qua email này: tài khoản của bạn không thay đổi.\n\nTruy xuất nguồn gốc`,
  inviteSubject: 'Mời bạn tham gia Truy xuất nguồn gốc',
  inviteText: (name: string, place: string, link: string, days: number) =>
    `Xin chào ${name},\n\nBạn vừa được tạo tài khoản ${place}trên Truy xuất nguồn gốc. Mở liên kết sau để tự đặt mật khẩu và bắt đầu sử dụng:\n${link}\n\nLiên kết chỉ dùng được một lần và có hiệu lực trong ${days} ngày. Nếu liên kết đã hết hạn, hãy dùng "Quên mật khẩu" ở trang đăng nhập với địa chỉ email này.\n\nTruy xuất nguồn gốc`,
  invitePlace: (company: string) => `của ${company} `,
} as const;
