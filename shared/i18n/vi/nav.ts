/** Left-menu entries and page titles (decision 030: one route table, titles from here). */
import { viPublic } from '#shared/i18n/public/vi.ts';

export const nav = {
  home: viPublic.nav.home,
  scannedProducts: viPublic.nav.scannedProducts,
  scanQr: viPublic.nav.scanQr,
  productManagement: 'Quản lý sản phẩm',
  qrManagement: 'Quản lý mã QR',
  plots: 'Vùng trồng',
  /** The titles of pages whose own strings live in larger modules, here so the route table and the menu need only this one. */
  lots: 'Lô hàng',
  partners: 'Đối tác',
  serials: 'Mã từng sản phẩm',
  users: 'Người dùng',
  companySettings: 'Cài đặt doanh nghiệp',
  editContent: 'Chỉnh sửa nội dung',
  settings: 'Cài đặt',
  signIn: viPublic.nav.signIn,
  signUp: viPublic.nav.signUp,
  logout: viPublic.nav.logout,
  productDetail: viPublic.nav.productDetail,
  companyDetail: viPublic.nav.companyDetail,
  redirect: viPublic.nav.redirect,
  activateAccount: 'Kích hoạt tài khoản',
  forgotPassword: 'Quên mật khẩu',
  newPassword: 'Đặt mật khẩu mới',
  comingSoon: 'Sắp ra mắt',
  forbidden: viPublic.nav.forbidden,
  notFound: viPublic.nav.notFound,
  serverError: viPublic.nav.serverError,
} as const;
