import { supplyChain } from './supply-chain.ts';

/**
 * The workspace's supply-chain screens (issue 31): the shared words of supply-chain.ts, with those only the
 * partners page and a lot's workspace page show. Kept out of `vi` (index.ts): the light public pages carry
 * `vi` whole, and none of these words is theirs, so they are imported by the workspace screens alone.
 */
export const supplyChainWorkspace = {
  ...supplyChain,
  partners: {
    ...supplyChain.partners,
    noMatch: 'Không có đối tác nào khớp.',
    kindFilter: 'Loại đối tác',
    contact: 'Liên hệ',
    publicNameShort: 'Tên công khai',
    importReceipts: 'Nhập phiếu nhận hàng',
    importShipments: 'Nhập phiếu xuất hàng',
  },
  receipts: {
    ...supplyChain.receipts,
    deleteTitle: 'Xóa phiếu nhận hàng?',
    deleteText: 'Phiếu nhận hàng sẽ không còn trong chuỗi truy xuất của lô.',
    noPartners: 'Chưa có nhà cung cấp nào: hãy thêm ở trang Đối tác.',
  },
  shipments: {
    ...supplyChain.shipments,
    deleteTitle: 'Xóa phiếu xuất hàng?',
    deleteText: 'Phiếu xuất hàng sẽ không còn trong chuỗi truy xuất và phạm vi thu hồi của lô.',
    noPartners: 'Chưa có khách hàng nào: hãy thêm ở trang Đối tác.',
  },
  inputs: {
    ...supplyChain.inputs,
    usedInEmpty: 'Lô chưa được dùng làm nguyên liệu cho lô nào.',
    remove: 'Bỏ',
    removeTitle: (code: string) => `Bỏ lô ${code} khỏi nguyên liệu?`,
    removeText: 'Chỉ bỏ liên kết "làm từ"; cả hai lô vẫn còn.',
    results: 'Lô tìm được',
    pickFirst: 'Vui lòng chọn một lô nguyên liệu',
    searching: 'Đang tìm...',
  },
  balance: { ...supplyChain.balance, none: 'Chưa có' },
  hold: { ...supplyChain.hold, heldSince: (reason: string) => `Lô đang bị tạm giữ: ${reason}` },
  trace: {
    ...supplyChain.trace,
    direction: 'Hướng truy xuất',
    lotCount: (n: number) => `${n} lô`,
  },
  scope: {
    ...supplyChain.scope,
    recalled: (reason: string) => `Lô đã bị thu hồi: ${reason}`,
    truncated: 'Phạm vi bị cắt bớt vì chuỗi quá lớn: hãy tải CSV và kiểm tra thêm',
    shipments: 'Các lần giao',
  },
  import: {
    ...supplyChain.import,
    pick: 'Chọn tệp CSV hoặc XLSX',
    submit: (n: number) => `Nhập ${n} phiếu`,
    ready: (n: number) => `Tệp hợp lệ: ${n} phiếu, chưa nhập`,
  },
  lotPage: {
    ...supplyChain.lotPage,
    product: 'Sản phẩm',
    madeFromRecalledTitle: 'Làm từ lô đã bị thu hồi',
    madeFromRecalled: (code: string, reason: string) =>
      `Lô này được làm từ lô ${code}, đã bị thu hồi: ${reason}. Hãy kiểm tra trước khi giải phóng.`,
    recalledNotice: (reason: string) => `Lô đã bị thu hồi: ${reason}`,
    warning: (text: string) => `Đã lưu. ${text}`,
  },
} as const;
