/** Field-level validation messages used by the shared zod schemas (server answers and client forms). */
export const validation = {
  required: 'Trường này là bắt buộc',
  email: 'Email không hợp lệ',
  passwordMin: (n: number) => `Mật khẩu phải có ít nhất ${n} ký tự`,
  passwordMax: (n: number) => `Mật khẩu không được dài quá ${n} ký tự`,
  tooLong: (n: number) => `Không được dài quá ${n} ký tự`,
  code6: 'Mã xác thực gồm 6 chữ số',
  phone: 'Số điện thoại không hợp lệ',
  username: 'Tên đăng nhập chỉ gồm chữ cái không dấu, số, dấu chấm, gạch dưới hoặc gạch ngang (3–32 ký tự)',
  passwordsDiffer: 'Mật khẩu xác nhận không khớp',
  sameAsOld: 'Mật khẩu mới phải khác mật khẩu cũ',
  unknownField: (f: string) => `Trường không được hỗ trợ: ${f}`,
} as const;
