/**
 * The ten data items Thông tư 02/2024/TT-BKHCN asks a traceable product to carry, and which of them a
 * product still lacks (decision 127). One pure rule: the server answers it with the product list and
 * the client checks the form as it is filled, so both always agree. A product that lacks items can be
 * saved and published; the workspace only says what is missing.
 */
export const DATASET_ITEMS = [
  'name',
  'images',
  'producer',
  'address',
  'stages',
  'productionTime',
  'traceCode',
  'brand',
  'shelfLife',
  'standards',
] as const;
export type DatasetItem = (typeof DATASET_ITEMS)[number];

export interface DatasetFacts {
  name: string | null | undefined;
  image?: string | null;
  images?: readonly string[] | null;
  /** The producer is the company: its name and address. */
  companyName: string | null | undefined;
  companyAddress: string | null | undefined;
  /** The product's shared timeline steps (the stages). */
  trackings: readonly { location?: string | null; date?: string | null }[];
  /** The product's lots: their production and expiry dates. */
  lots: readonly { productionDate?: string | null; expiryDate?: string | null }[];
  qrCode?: string | null;
  gtin?: string | null;
  brand?: string | null;
  shelfLife?: string | null;
  standards?: string | null;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** The items the product lacks, in the Thông tư's order; empty when it carries all ten. */
export function missingDatasetItems(f: DatasetFacts): DatasetItem[] {
  const present: Record<DatasetItem, boolean> = {
    name: filled(f.name),
    images: filled(f.image) || (f.images ?? []).some(filled),
    producer: filled(f.companyName),
    address: filled(f.companyAddress),
    // Every stage says where and when: a step without a place or a time does not trace anything.
    stages: f.trackings.length > 0 && f.trackings.every((t) => filled(t.location) && filled(t.date)),
    productionTime: f.lots.some((l) => filled(l.productionDate)),
    traceCode: filled(f.qrCode) || filled(f.gtin),
    brand: filled(f.brand),
    // A shelf life stated for the product, or an expiry date on a lot.
    shelfLife: filled(f.shelfLife) || f.lots.some((l) => filled(l.expiryDate)),
    standards: filled(f.standards),
  };
  return DATASET_ITEMS.filter((item) => !present[item]);
}
