import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import { type PublicAnswerKind, pagePath } from '#shared/public-pages.ts';
import type {
  CompanyTranslation,
  LotTranslation,
  ProductTranslation,
  Translations,
} from '#shared/translations.ts';
import {
  type AnswerData,
  type AnswerDefinition,
  type Column,
  col,
  column,
  flag,
  isSet,
  json,
  list,
  none,
  number,
  object,
  one,
  type Source,
  text,
  time,
  when,
  whenFlag,
} from './fields.ts';

/**
 * Every public answer's field list (decision 199): the keys of its JSON in order, and the columns each is
 * made of. The same objects the workspace answers (serialize.ts's toProduct, profile.ts's
 * toPublicCompany, lots/read.ts's toLot, in their key order): tests/server/perf/answer-builder.test.ts
 * and public-cache.test.ts hold every answer, on both engines, to the workspace's own objects, byte for
 * byte. A new kind of public answer is one entry here (and its path in shared/public-pages.ts).
 */

/** A printed code's address before its code (`/redirect/`), from the table of public pages. */
const CODE_PAGE = pagePath('redirect', '');

/** A step of a journey, a product's timeline or a lot's events: what happened, where and when. */
const stepFields = (t: string) => ({
  id: column<number>(t, 'id'),
  activity: column(t, 'activity'),
  location: column(t, 'location'),
  date: column(t, 'date'),
  description: column(t, 'description'),
});

/**
 * What the public sees of a lot: its code, dates, its recall and whether it was made from a recalled batch
 * (which one, why: decision 200); never its quantity, its hold or its version.
 */
const lotFields = (l: string) => ({
  id: column<number>(l, 'id'),
  code: column(l, 'code'),
  productionDate: column<string | null>(l, 'production_date'),
  expiryDate: column<string | null>(l, 'expiry_date'),
  expiryKind: column<'EXPIRY' | 'BEST_BEFORE'>(l, 'expiry_kind'),
  recalled: isSet(l, 'recalled_at'),
  recalledAt: time<string | null>(l, 'recalled_at'),
  recallReason: column<string | null>(l, 'recall_reason'),
  inputRecallCode: column<string | null>(l, 'input_recall_code'),
  inputRecallReason: column<string | null>(l, 'input_recall_reason'),
  translations: json<Translations<LotTranslation>>(l, 'translations'),
});

/**
 * How much of a lot's chain its public page shows (decision 200): a guest's answer stays small whatever the
 * company records. Each supplier once (its first receipt), at most this many; at most this many inputs.
 */
export const PUBLIC_ORIGINS_MAX = 20;
export const PUBLIC_INPUTS_MAX = 20;

/**
 * Where a lot's goods came from (decision 200): each supplier by province and country, named only when the
 * company lets it be (`public_name`), once however many receipts; never the quantity, the document or the
 * supplier's own lot code. `r` and `pa` are the aliases of the receipt and its partner.
 */
const originsOf = (lot: Column, r: string, pa: string) =>
  list(
    [
      { table: 'lot_receipts', alias: r, on: { column: 'lot_id', to: lot } },
      { table: 'partners', alias: pa, on: { column: 'id', to: col(r, 'partner_id') } },
    ],
    col(r, 'date'),
    object({
      province: column(pa, 'province'),
      country: column(pa, 'country'),
      name: whenFlag<string>(col(pa, 'public_name'), col(pa, 'name')),
    }),
    { limit: PUBLIC_ORIGINS_MAX, distinct: 'partner_id' },
  );

/**
 * How many plots a lot's public page shows (decision 219): its own, and each lot it was made from's, so a
 * guest's answer stays small whatever the company links. Each plot's outline is bounded when it is saved
 * (shared/plots/public-outline.ts), so the read draws nothing.
 */
export const PUBLIC_PLOTS_MAX = 12;
export const PUBLIC_INPUT_PLOTS_MAX = 6;

/**
 * Where a lot grew (issue 34, decision 219): each plot linked to it, with what a shopper and an importer
 * may read (province, the planting-area and packing-house codes, crop, area, the outline drawn when it was
 * saved); the producer's name only when the company made it public (`producer_public`), never its
 * geometry's coordinates. `lp` and `pl` are the aliases of the link and the plot.
 */
const plotsOf = (lot: Column, lp: string, pl: string, limit: number) =>
  list(
    [
      { table: 'lot_plots', alias: lp, on: { column: 'lot_id', to: lot } },
      { table: 'plots', alias: pl, on: { column: 'id', to: col(lp, 'plot_id') } },
    ],
    col(lp, 'id'),
    object({
      id: column<number>(pl, 'id'),
      name: column(pl, 'name'),
      country: column(pl, 'country'),
      province: column(pl, 'province'),
      plantingAreaCode: column(pl, 'planting_area_code'),
      packingHouseCode: column(pl, 'packing_house_code'),
      crop: column(pl, 'crop'),
      areaHa: number(col(pl, 'area_ha'), col(pl, 'area_ha_geodesic')),
      producerName: whenFlag<string>(col(pl, 'producer_public'), col(pl, 'producer_name')),
      outline: column<string | null>(pl, 'outline'),
    }),
    { limit },
  );

type PublicLotOf<F extends (l: string) => Record<string, unknown>> = {
  [K in keyof ReturnType<F>]: ReturnType<F>[K] extends { __answers?: infer T } ? T : never;
};

/** The product's and its company's sources, from a source that names the product (`p`, `c`). */
const productOf = (productId: Column): Source[] => [
  {
    table: 'products',
    alias: 'p',
    on: { column: 'id', to: productId },
    filters: [{ alias: 'p', column: 'status', equals: 'ACTIVE' }],
  },
  { table: 'companies', alias: 'c', on: { column: 'id', to: col('p', 'company_id') } },
];

/**
 * A product's answer (toProduct, its timeline, toPublicCompany), then the lot facts (decision 126): the
 * lot of the scanned code (`lotOf`: the short link's lot, or none) and every recalled lot of the product.
 */
const productFields = (lotOf: { alias: string; column: string } | null) =>
  object({
    id: column<number>('p', 'id'),
    companyId: column<number>('p', 'company_id'),
    name: column('p', 'name'),
    image: column<string | null>('p', 'image'),
    images: json<string[]>('p', 'images'),
    status: column<'ACTIVE' | 'INACTIVE'>('p', 'status'),
    category: column<string | null>('p', 'category'),
    unit: column<string | null>('p', 'unit'),
    qr_code: column('p', 'qr_code'),
    qr_code_image: text('/api/qr/', col('p', 'qr_code'), '.png'),
    qr_code_svg: text('/api/qr/', col('p', 'qr_code'), '.svg'),
    qr_code_url: text({ param: 'publicUrl' }, CODE_PAGE, col('p', 'qr_code')),
    tags: json<string[]>('p', 'tags'),
    origin: column<string | null>('p', 'origin'),
    gtin: column<string | null>('p', 'gtin'),
    brand: column<string | null>('p', 'brand'),
    standards: column<string | null>('p', 'standards'),
    shelf_life: column<string | null>('p', 'shelf_life'),
    version: column<number>('p', 'version'),
    createdAt: time('p', 'created_at'),
    updatedAt: time('p', 'updated_at'),
    // The product's text in other languages (decision 210).
    translations: json<Translations<ProductTranslation>>('p', 'translations'),
    trackings: list(
      { table: 'tracking_entries', alias: 't', on: { column: 'product_id', to: col('p', 'id') } },
      col('t', 'position'),
      object({ ...stepFields('t'), companyId: column<number>('t', 'company_id') }),
    ),
    // The languages its company publishes (decision 210), beside the company: a page offers only those.
    languages: json<TranslationLanguage[]>('c', 'languages'),
    company: object({
      id: column<number>('c', 'id'),
      name: column('c', 'name'),
      representative: column<string | null>('c', 'representative'),
      address: column<string | null>('c', 'address'),
      email: column<string | null>('c', 'email'),
      business_license: column<string | null>('c', 'business_license'),
      tax_code: column<string | null>('c', 'tax_code'),
      gln: column<string | null>('c', 'gln'),
      digital_link_qr: flag('c', 'digital_link_qr'),
      createdAt: time('c', 'created_at'),
      updatedAt: time('c', 'updated_at'),
      translations: json<Translations<CompanyTranslation>>('c', 'translations'),
      languages: json<TranslationLanguage[]>('c', 'languages'),
    }),
    lot: lotOf
      ? one({ table: 'lots', alias: 'sl', on: { column: 'id', to: lotOf } }, object(lotFields('sl')))
      : none<PublicLotOf<typeof lotFields>>(),
    recalledLots: list(
      {
        table: 'lots',
        alias: 'rl',
        on: { column: 'product_id', to: col('p', 'id') },
        filters: [{ alias: 'rl', column: 'recalled_at', set: true }],
      },
      { ...col('rl', 'code'), text: true },
      object(lotFields('rl')),
    ),
  });

const KEY = { param: 'key' } as const;

/**
 * An answer of one ACTIVE product: the source that holds the key, then the product (`p`) it names and its
 * company (`c`); kept and dropped by that product and company.
 */
const ofProduct = (first: Source, productId: Column) => ({
  sources: [first, ...productOf(productId)],
  productId: col('p', 'id'),
  companyId: col('p', 'company_id'),
});

/** A printed code's product (folded code): the ACTIVE product, its company and timeline, the code's lot. */
const product = {
  ...ofProduct({ table: 'short_links', alias: 's', on: { column: 'code', to: KEY } }, col('s', 'product_id')),
  lotId: col('s', 'lot_id'),
  data: productFields(col('s', 'lot_id')),
} satisfies AnswerDefinition;

/** Where a printed code leads: its product only when that product is ACTIVE. */
const shortLink = {
  sources: [
    { table: 'short_links', alias: 's', on: { column: 'code', to: KEY } },
    { table: 'products', alias: 'p', on: { column: 'id', to: col('s', 'product_id') }, optional: true },
  ],
  productId: col('s', 'product_id'),
  companyId: col('s', 'company_id'),
  lotId: null,
  data: object({
    code: column('s', 'code'),
    productId: when<number>(col('p', 'status'), 'ACTIVE', col('s', 'product_id')),
    url: text({ param: 'publicUrl' }, CODE_PAGE, col('s', 'code')),
  }),
} satisfies AnswerDefinition;

/** A lot's page (decision 126): the lot with its own journey, and its product's answer (a lot of no scanned code). */
const lot = {
  ...ofProduct({ table: 'lots', alias: 'l', on: { column: 'id', to: KEY } }, col('l', 'product_id')),
  lotId: col('l', 'id'),
  data: object({
    lot: object({
      ...lotFields('l'),
      events: list(
        { table: 'lot_events', alias: 'e', on: { column: 'lot_id', to: col('l', 'id') } },
        col('e', 'position'),
        object({
          ...stepFields('e'),
          bizStep: column<string | null>('e', 'biz_step'),
          gln: column<string | null>('e', 'gln'),
        }),
      ),
      origins: originsOf(col('l', 'id'), 'r', 'pa'),
      plots: plotsOf(col('l', 'id'), 'lp', 'pl', PUBLIC_PLOTS_MAX),
      // One step back through a transformation: the lots it was made from, with where theirs came from.
      inputs: list(
        [
          { table: 'lot_inputs', alias: 'li', on: { column: 'lot_id', to: col('l', 'id') } },
          { table: 'lots', alias: 'il', on: { column: 'id', to: col('li', 'input_lot_id') } },
          { table: 'products', alias: 'ip', on: { column: 'id', to: col('il', 'product_id') } },
        ],
        col('li', 'id'),
        object({
          code: column('il', 'code'),
          productName: column('ip', 'name'),
          origins: originsOf(col('il', 'id'), 'ir', 'ipa'),
          plots: plotsOf(col('il', 'id'), 'ilp', 'ipl', PUBLIC_INPUT_PLOTS_MAX),
        }),
        { limit: PUBLIC_INPUTS_MAX },
      ),
    }),
    product: productFields(null),
  }),
} satisfies AnswerDefinition;

/** Every kind of public answer by its name in the table of public pages (shared/public-pages.ts). */
export const ANSWERS = { product, shortLink, lot } satisfies Record<PublicAnswerKind, AnswerDefinition>;

export type PublicProductAnswer = AnswerData<typeof product>;
export type ShortLinkAnswer = AnswerData<typeof shortLink>;
export type PublicLotAnswer = AnswerData<typeof lot>;
export type PublicLot = NonNullable<PublicProductAnswer['lot']>;
