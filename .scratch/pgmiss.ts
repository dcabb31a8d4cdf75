import { createPgDb } from '#server/db/pg-client.ts';
import { companies } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import { insertProductRecord } from '#server/services/products/records.ts';
import { buildProductAnswer } from '#server/services/products/answer-builder.ts';

const h = await createPgDb(process.env.DATABASE_URL!, { max: 4 });
const [company] = await h.db.insert(companies).values({ name: 'Công ty', email: 'a@b.c' }).returning();
const codes: string[] = [];
await transaction(h.db, async (tx) => {
  for (let i = 0; i < 3000; i++) {
    const r = await insertProductRecord(tx, company!.id, { name: `Sản phẩm ${i}`, status: 'ACTIVE', origin: 'Lâm Đồng', tags: ['a'] },
      [{ activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01' }, { activity: 'Rang', location: 'Đà Lạt', date: '2026-10-02' }]);
    codes.push(r.qrCode);
  }
});
await h.pool.query('ANALYZE');
async function run(label: string, n: number, conc: number) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: conc }, async () => {
    while (next < n) { const code = codes[next++ % codes.length]!; await buildProductAnswer(h.db, 'http://x', code); }
  }));
  const c = process.cpuUsage(c0); const ms = performance.now() - t0;
  console.log(label, `${(((c.user + c.system) / n)).toFixed(0)} µs CPU/miss`, `${(n / ms * 1000).toFixed(0)} misses/s`);
}

async function runRaw(label: string, n: number, conc: number, one: (code: string) => Promise<unknown>) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: conc }, async () => {
    while (next < n) { const code = codes[next++ % codes.length]!; await one(code); }
  }));
  const c = process.cpuUsage(c0); const ms = performance.now() - t0;
  console.log(label, `${(((c.user + c.system) / n)).toFixed(0)} µs CPU/miss`, `${(n / ms * 1000).toFixed(0)} misses/s`);
}
const five = async (code: string) => {
  const l = (await h.pool.query({ name: 'l', text: 'select product_id, lot_id from short_links where code = $1 limit 1', values: [code] })).rows[0];
  const p = (await h.pool.query({ name: 'p', text: "select p.*, c.* from products p join companies c on c.id = p.company_id where p.id = $1 and p.status = 'ACTIVE' limit 1", values: [l.product_id] })).rows[0];
  const t = (await h.pool.query({ name: 't', text: 'select id, activity, location, date, description, company_id from tracking_entries where product_id = $1 order by position', values: [l.product_id] })).rows;
  const r = (await h.pool.query({ name: 'r', text: 'select * from lots where product_id = $1 and recalled_at is not null', values: [l.product_id] })).rows;
  return JSON.stringify({ p, t, r });
};
const oneSql = `select json_build_object('p', row_to_json(p), 'c', row_to_json(c),
  't', (select coalesce(json_agg(json_build_object('id', t.id, 'activity', t.activity, 'location', t.location, 'date', t.date, 'description', t.description, 'companyId', t.company_id) order by t.position), '[]') from tracking_entries t where t.product_id = p.id),
  'r', (select coalesce(json_agg(row_to_json(rl)), '[]') from lots rl where rl.product_id = p.id and rl.recalled_at is not null))::text as j
  from short_links s join products p on p.id = s.product_id join companies c on c.id = p.company_id where s.code = $1 and p.status = 'ACTIVE'`;
const one = async (code: string) => {
  const row = (await h.pool.query({ name: 'one', text: oneSql, values: [code] })).rows[0];
  return JSON.stringify(JSON.parse(row.j));
};
for (let i = 0; i < 2; i++) {
  await run('drizzle seq', 2000, 1); await run('drizzle conc8', 3000, 8);
  await runRaw('raw5 named seq', 2000, 1, five); await runRaw('raw5 named conc8', 3000, 8, five);
  await runRaw('one sql seq', 2000, 1, one); await runRaw('one sql conc8', 3000, 8, one);
}
await h.close();
