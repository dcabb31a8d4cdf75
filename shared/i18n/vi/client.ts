/** The client shell: layout, drawers, toasts, app settings, error and coming-soon pages. */
import { viPublic } from '#shared/i18n/public/vi.ts';

const shell = viPublic.client;

export const client = {
  appName: shell.appName,
  /** A browser tab's title: the page's name, then the app's. */
  documentTitle: shell.documentTitle,
  loading: shell.loading,
  mainMenu: shell.mainMenu,
  openMenu: shell.openMenu,
  closeMenu: shell.closeMenu,
  collapseSidebar: shell.collapseSidebar,
  expandSidebar: shell.expandSidebar,
  account: 'Tài khoản',
  openAccount: shell.openAccount,
  close: shell.close,
  discardTitle: 'Bỏ các thay đổi chưa lưu?',
  discardMessage: 'Những gì bạn đã nhập trong hộp thoại này chưa được lưu và sẽ bị mất.',
  keepEditing: 'Tiếp tục sửa',
  discard: 'Bỏ thay đổi',
  defaultAvatarAlt: 'My avtar',
  /** 'Something went wrong!': a failed call without any message (decision 032). */
  somethingWentWrong: shell.somethingWentWrong,
  /** 'Unknown Error': a failure that is not an HTTP answer (network down...) (decision 032). */
  unknownError: shell.unknownError,
  offline: shell.offline,
  offlinePage: shell.offlinePage,
  keptCopy: shell.keptCopy,
  pageFailed: shell.pageFailed,
  backHome: shell.backHome,
  errorPages: shell.errorPages,
  appSettings: {
    title: 'Cài đặt ứng dụng',
    colorScheme: 'Chế độ màu',
    light: 'Sáng',
    dark: 'Tối',
    system: 'Theo hệ thống',
    direction: 'Hướng văn bản',
    ltr: 'Trái sang phải',
    rtl: 'Phải sang trái',
    contrast: 'Độ tương phản',
    contrastDefault: 'Mặc định',
    contrastHigh: 'Cao',
    navLayout: 'Kiểu menu',
    vertical: 'Dọc',
    mini: 'Thu gọn',
    primaryColor: 'Màu chủ đạo',
    colors: { green: 'Xanh lá', blue: 'Xanh dương', purple: 'Tím', orange: 'Cam', red: 'Đỏ' },
    navColor: 'Màu menu',
    integrate: 'Hòa nền',
    apparent: 'Nổi bật',
    compactLayout: 'Bố cục gọn',
    fontFamily: 'Phông chữ',
    fonts: { system: 'Mặc định hệ thống', serif: 'Có chân', mono: 'Đơn cách' },
    reset: 'Khôi phục mặc định',
  },
} as const;
