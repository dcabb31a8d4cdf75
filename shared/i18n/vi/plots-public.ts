/**
 * The public lot page's growing areas (issue 34, decision 219): the words a shopper reads under a lot's
 * plots. Kept out of `vi` (index.ts) and apart from the workspace's plot screens, so the light public
 * pages carry only these few words; the lot page's section imports this module alone.
 */
export const plotsPublic = {
  title: 'Vùng trồng',
  /** Under the title: where the plots come from, for a lot made from other lots. */
  ofLot: 'Vùng trồng của lô này',
  ofInput: (productName: string, code: string) => `Từ ${productName} — lô ${code}`,
  province: 'Tỉnh/thành',
  plantingAreaCode: 'Mã số vùng trồng',
  packingHouseCode: 'Mã số cơ sở đóng gói',
  crop: 'Cây trồng',
  area: 'Diện tích',
  areaHa: (area: string) => `${area} ha`,
  producer: 'Hộ/cơ sở sản xuất',
  /** The outline's accessible name (the SVG's aria-label). */
  outlineLabel: (name: string) => `Sơ đồ ranh giới vùng trồng ${name}`,
  /** A plot saved before its outline was drawn, or without a geometry. */
  noOutline: 'Chưa có sơ đồ',
  /** Why no map: said once under the section, so a shopper knows the drawing is not to scale with others. */
  outlineNote: 'Sơ đồ phác họa hình dạng từng vùng trồng theo tọa độ đã khai báo, không theo cùng tỉ lệ.',
} as const;
