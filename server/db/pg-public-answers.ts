import type pg from 'pg';

/**
 * The public answers on PostgreSQL (decision 169): one prepared statement per kind that returns the
 * finished answer, as SQLite's statements do (decision 110, server/services/products/public-answers.ts).
 * The query builder with the workspace's serializers made five round trips per miss and most of a miss's
 * CPU in building and reading them (bench/RESULTS.md). Here PostgreSQL builds the JSON with the same keys in
 * the same order; its text is spaced (`"id" : 1`), so it is read back and written with JSON.stringify, which
 * gives the bytes SQLite's json_object gives. tests/server/perf/answer-builder.test.ts holds both engines'
 * answers to the workspace's objects, byte for byte.
 */

/** A row of an answer: product id, company id, the answer's JSON, the lot it is of (or null). */
export type PgAnswerRow = [productId: number | null, companyId: number | null, json: string, lotId: number | null];

/** Date#toISOString's text of a `timestamp with time zone` (stored at millisecond precision). */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A lot's public fields (PublicLot), in its key order. */
const lotFields = (l: string) => `'id', ${l}.id, 'code', ${l}.code, 'productionDate', ${l}.production_date,
  'expiryDate', ${l}.expiry_date, 'expiryKind', ${l}.expiry_kind, 'recalled', ${l}.recalled_at IS NOT NULL,
  'recalledAt', ${iso(`${l}.recalled_at`)}, 'recallReason', ${l}.recall_reason`;

/** The product answer (toProduct, its timeline, toPublicCompany, its lot, its recalled lots); $2 is the public URL. */
const productJson = (lotId: string) => `json_build_object(
  'id', p.id, 'companyId', p.company_id, 'name', p.name, 'image', p.image, 'images', p.images,
  'status', p.status, 'category', p.category, 'unit', p.unit, 'qr_code', p.qr_code,
  'qr_code_image', '/api/qr/' || p.qr_code || '.png', 'qr_code_svg', '/api/qr/' || p.qr_code || '.svg',
  'qr_code_url', $2::text || '/redirect/' || p.qr_code,
  'tags', p.tags, 'origin', p.origin,
  'gtin', p.gtin, 'brand', p.brand, 'standards', p.standards, 'shelf_life', p.shelf_life, 'version', p.version,
  'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
  'trackings', (SELECT coalesce(json_agg(json_build_object(
      'id', t.id, 'activity', t.activity, 'location', t.location, 'date', t.date,
      'description', t.description, 'companyId', t.company_id) ORDER BY t.position), '[]'::json)
    FROM tracking_entries t WHERE t.product_id = p.id),
  'company', json_build_object(
    'id', c.id, 'name', c.name, 'representative', c.representative, 'address', c.address, 'email', c.email,
    'business_license', c.business_license, 'tax_code', c.tax_code, 'gln', c.gln,
    'digital_link_qr', c.digital_link_qr,
    'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')}),
  'lot', (SELECT json_build_object(${lotFields('sl')}) FROM lots sl WHERE sl.id = ${lotId}),
  'recalledLots', (SELECT coalesce(json_agg(json_build_object(${lotFields('rl')}) ORDER BY rl.code COLLATE "C"), '[]'::json)
    FROM lots rl WHERE rl.product_id = p.id AND rl.recalled_at IS NOT NULL))`;

const STATEMENTS = {
  product: `SELECT p.id, p.company_id, ${productJson('s.lot_id')}::text, s.lot_id
    FROM short_links s JOIN products p ON p.id = s.product_id JOIN companies c ON c.id = p.company_id
    WHERE s.code = $1 AND p.status = 'ACTIVE'`,
  shortLink: `SELECT s.product_id, s.company_id, json_build_object('code', s.code,
      'productId', CASE WHEN p.status = 'ACTIVE' THEN s.product_id END,
      'url', $2::text || '/redirect/' || s.code)::text, NULL::integer
    FROM short_links s LEFT JOIN products p ON p.id = s.product_id WHERE s.code = $1`,
  lot: `SELECT p.id, p.company_id, json_build_object(
      'lot', json_build_object(${lotFields('l')}, 'events', (SELECT coalesce(json_agg(json_build_object(
          'id', e.id, 'activity', e.activity, 'location', e.location, 'date', e.date,
          'description', e.description, 'bizStep', e.biz_step, 'gln', e.gln) ORDER BY e.position), '[]'::json)
        FROM lot_events e WHERE e.lot_id = l.id)),
      'product', ${productJson('NULL')})::text, l.id
    FROM lots l JOIN products p ON p.id = l.product_id JOIN companies c ON c.id = p.company_id
    WHERE l.id = $1 AND p.status = 'ACTIVE'`,
  primaryCode: 'SELECT qr_code FROM products WHERE id = $1',
} as const;

export interface PgAnswerQueries {
  product(code: string): Promise<PgAnswerRow | undefined>;
  shortLink(code: string): Promise<PgAnswerRow | undefined>;
  lot(id: number): Promise<PgAnswerRow | undefined>;
  primaryCode(id: number): Promise<string | undefined>;
}

/** The statements, prepared by name on each pooled connection the first time it runs them. */
export function pgAnswerQueries(pool: pg.Pool, publicUrl: string): PgAnswerQueries {
  const row = async (name: keyof typeof STATEMENTS, values: unknown[]) => {
    const result = await pool.query<unknown[]>({
      name: `public_${name}`,
      text: STATEMENTS[name],
      values,
      rowMode: 'array',
    });
    return result.rows[0];
  };
  const answer = async (name: 'product' | 'shortLink' | 'lot', key: string | number) => {
    const found = await row(name, [key, publicUrl]);
    if (!found) return undefined;
    const [productId, companyId, json, lotId] = found as PgAnswerRow;
    // PostgreSQL's json text is spaced: written again as JSON.stringify writes it (SQLite's bytes).
    return [productId, companyId, JSON.stringify(JSON.parse(json)), lotId] as PgAnswerRow;
  };
  return {
    product: (code) => answer('product', code),
    shortLink: (code) => answer('shortLink', code),
    // Ids past PostgreSQL's `integer` never come here: the public answers answer them with none (decision 166).
    lot: (id) => answer('lot', id),
    primaryCode: async (id) => (await row('primaryCode', [id]))?.[0] as string | undefined,
  };
}
