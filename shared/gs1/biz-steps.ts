/**
 * CBV 2.0 business steps, and which one a timeline step means when the company left its bizStep empty:
 * matched on the activity's folded words (foldVietnamese, the same folding as search). A step with no
 * CBV match gets the app's own URI under PUBLIC_URL/voc/bizstep/ (decision 132).
 */
import { foldVietnamese } from '#shared/text.ts';

/** CBV 2.0 bizStep bare names (the values EPCIS 2.0's JSON schema lists). */
export const CBV_BIZ_STEPS = [
  'accepting',
  'arriving',
  'assembling',
  'collecting',
  'commissioning',
  'consigning',
  'creating_class_instance',
  'cycle_counting',
  'decommissioning',
  'departing',
  'destroying',
  'disassembling',
  'dispensing',
  'encoding',
  'entering_exiting',
  'holding',
  'inspecting',
  'installing',
  'killing',
  'loading',
  'other',
  'packing',
  'picking',
  'receiving',
  'removing',
  'repackaging',
  'repairing',
  'replacing',
  'reserving',
  'retail_selling',
  'shipping',
  'staging_outbound',
  'stock_taking',
  'stocking',
  'storing',
  'transporting',
  'unloading',
  'unpacking',
  'void_shipping',
  'sensor_reporting',
  'sampling',
] as const;
export type CbvBizStep = (typeof CBV_BIZ_STEPS)[number];

/** CBV 2.0 disposition bare names (EPCIS 2.0's JSON schema). */
export const CBV_DISPOSITIONS = [
  'active',
  'container_closed',
  'damaged',
  'destroyed',
  'dispensed',
  'disposed',
  'encoded',
  'expired',
  'in_progress',
  'in_transit',
  'inactive',
  'no_pedigree_match',
  'non_sellable_other',
  'partially_dispensed',
  'recalled',
  'reserved',
  'retail_sold',
  'returned',
  'sellable_accessible',
  'sellable_not_accessible',
  'stolen',
  'unknown',
  'available',
  'completeness_verified',
  'completeness_inferred',
  'conformant',
  'container_open',
  'mismatch_instance',
  'mismatch_class',
  'mismatch_quantity',
  'needs_replacement',
  'non_conformant',
  'unavailable',
] as const;

/**
 * Folded Vietnamese phrases and their CBV step. Processing (chế biến, rang, sấy, xay) has no entry on
 * purpose: it changes what the goods are, which EPCIS records as a TransformationEvent, and CBV 2.0 has
 * no "transforming" step for an ObjectEvent; such a step gets the app's own URI (decision 132).
 */
const PHRASES: ReadonlyArray<readonly [string, CbvBizStep]> = [
  ['thu hoach', 'commissioning'],
  ['thu hai', 'commissioning'],
  ['khai thac', 'commissioning'],
  ['san xuat', 'commissioning'],
  ['dong goi', 'packing'],
  ['dong thung', 'packing'],
  ['dong hop', 'packing'],
  ['dong chai', 'packing'],
  ['dong tui', 'packing'],
  ['van chuyen', 'transporting'],
  ['xuat hang', 'shipping'],
  ['xuat kho', 'shipping'],
  ['giao hang', 'shipping'],
  ['nhan hang', 'receiving'],
  ['nhap kho', 'receiving'],
  ['bao quan', 'storing'],
  ['luu kho', 'storing'],
  ['kiem tra', 'inspecting'],
  ['kiem dinh', 'inspecting'],
  ['kiem nghiem', 'inspecting'],
  ['lay mau', 'sampling'],
  ['ban giao', 'shipping'],
  ['ban le', 'retail_selling'],
  ['ban hang', 'retail_selling'],
  ['len ke', 'stocking'],
];

/**
 * Folded words that name a step only when they are the whole activity: "bán" (selling) folds to the
 * same letters as "bàn" (table, "bàn giao" handing over) and "bản" ("bản đồ" map).
 */
const WHOLE_ACTIVITY: Readonly<Record<string, CbvBizStep>> = {
  ban: 'retail_selling',
  'ban cho khach': 'retail_selling',
};

/** The CBV step an activity names, or null: the longest phrase found as whole words wins. */
export function cbvBizStepFor(activity: string): CbvBizStep | null {
  const folded = foldVietnamese(activity)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  // Own keys only: an activity named "constructor" must not find Object's.
  if (Object.hasOwn(WHOLE_ACTIVITY, folded)) return WHOLE_ACTIVITY[folded] as CbvBizStep;
  const words = ` ${folded} `;
  let best: readonly [string, CbvBizStep] | null = null;
  for (const entry of PHRASES) {
    if (words.includes(` ${entry[0]} `) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] : null;
}

/** The URN and web forms of a CBV step; EPCIS 2.0 JSON wants the bare name. */
const CBV_LONG_FORM = /^(urn:epcglobal:cbv:bizstep:|https?:\/\/ns\.gs1\.org\/cbv\/BizStep-)/;

const CBV_SET: ReadonlySet<string> = new Set(CBV_BIZ_STEPS);

export function isCbvBizStep(value: string): value is CbvBizStep {
  return CBV_SET.has(value);
}

/** The slug of an activity for the app's own bizStep URI: folded, words joined by '-'. */
export function bizStepSlug(activity: string): string {
  return (
    foldVietnamese(activity)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'buoc'
  );
}

/**
 * The bizStep an exported event carries: the stored one (a CBV name or an absolute URI), else the CBV
 * step the activity names, else `${publicUrl}/voc/bizstep/{slug}`.
 */
export function bizStepOf(step: { bizStep?: string | null; activity: string }, publicUrl: string): string {
  const stored = step.bizStep?.trim().replace(CBV_LONG_FORM, '');
  if (stored && (isCbvBizStep(stored) || /^[a-z][a-z0-9+.-]*:/i.test(stored))) return stored;
  return (
    cbvBizStepFor(step.activity) ??
    `${publicUrl.replace(/\/+$/, '')}/voc/bizstep/${bizStepSlug(step.activity)}`
  );
}

/** Vietnamese names of the CBV steps an imported event may carry without the company's own words. */
const CBV_LABELS: Partial<Record<CbvBizStep, string>> = {
  commissioning: 'Sản xuất / thu hoạch',
  packing: 'Đóng gói',
  shipping: 'Xuất hàng',
  transporting: 'Vận chuyển',
  departing: 'Rời kho',
  arriving: 'Đến nơi',
  receiving: 'Nhận hàng',
  storing: 'Bảo quản',
  inspecting: 'Kiểm tra',
  sampling: 'Lấy mẫu',
  retail_selling: 'Bán lẻ',
  holding: 'Tạm giữ',
  loading: 'Bốc hàng',
  unloading: 'Dỡ hàng',
};

/** A readable activity name for a bizStep: the Vietnamese CBV name, else the URI's last part. */
export function activityOfBizStep(bizStep: string): string {
  if (isCbvBizStep(bizStep)) return CBV_LABELS[bizStep] ?? bizStep;
  const last = bizStep.split(/[/#:]/).filter(Boolean).at(-1) ?? bizStep;
  return last.replace(/[-_]+/g, ' ');
}
