import type { Pool } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createPgScanWriter, HELD_WINDOW_MS } from '#server/db/pg-scan-windows.ts';
import type { ScanRow } from '#server/db/scan-events.ts';

/**
 * The PostgreSQL scan writer while the database is away (decision 180): the batches it cannot write are
 * kept, added together per minute, bounded, and written within a second of the database's return. The pool
 * is a stand-in that records the upserts it is given and fails as the driver does while `down`.
 */
function standIn() {
  const written: ScanRow[] = [];
  const state = { down: false };
  const pool = {
    async query(_sql: string, values: unknown[][]) {
      if (state.down)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const [p, c, u, d, t, s, l] = values as [
        number[],
        number[],
        (number | null)[],
        string[],
        number[],
        number[],
        (number | null)[],
      ];
      for (let i = 0; i < p.length; i++) written.push([p[i]!, c[i]!, u[i]!, d[i]!, t[i]!, s[i]!, l[i]!]);
      return { rows: [] };
    },
  };
  return { pool: pool as unknown as Pool, written, state };
}
function logs() {
  const lines: Array<{ event: string; [k: string]: unknown }> = [];
  const log = (fields: { event: string }) => void lines.push(fields);
  return { lines, logger: { debug: log, info: log, warn: log, error: log } };
}
const T0 = Date.UTC(2026, 10, 26, 3, 0, 0);
const row = (productId: number, at: number, scans = 1): ScanRow => [
  productId,
  1,
  null,
  'mobile',
  at,
  scans,
  null,
];
const total = (rows: readonly ScanRow[]) => rows.reduce((n, r) => n + r[5], 0);

describe('[faults] scan counts while PostgreSQL is away', () => {
  it('are kept and written within a second of its return, added together per minute', async () => {
    const { pool, written, state } = standIn();
    const { lines, logger } = logs();
    const writer = createPgScanWriter(pool, { windowMs: 250, logger, retryMs: 50 });
    state.down = true;
    // Four flushes of one product's scans in one minute, and one of another product.
    await writer.writeScans([row(1, T0 + 100, 3)]);
    await writer.writeScans([row(1, T0 + 400, 2), row(2, T0 + 500)]);
    await writer.writeScans([row(1, T0 + 59_000, 4)]);
    expect(written).toEqual([]);
    expect(lines.filter((l) => l.event === 'scan.held')).toEqual([
      { event: 'scan.held', rows: 1, dropped: 0 },
    ]);

    state.down = false;
    await vi.waitFor(() => expect(total(written)).toBe(10), { timeout: 1_000, interval: 10 });
    // One row per product for the minute: 3 + 2 + 4 scans of product 1, at the minute's start.
    expect(written).toEqual([row(1, T0, 9), row(2, T0, 1)]);
    expect(lines.at(-1)).toEqual({ event: 'scan.held_written', rows: 2, scans: 10 });
    await writer.stop();
  });

  it('past the bound, scans of a key not kept yet are dropped and counted; those of kept keys still add up', async () => {
    const { pool, written, state } = standIn();
    const { lines, logger } = logs();
    const writer = createPgScanWriter(pool, { windowMs: 250, logger, maxHeldRows: 2, retryMs: 60_000 });
    state.down = true;
    await writer.writeScans([row(1, T0), row(2, T0), row(3, T0, 5), row(1, T0 + 10, 2)]);
    await writer.writeScans([row(4, T0 + HELD_WINDOW_MS), row(2, T0 + 20)]);
    state.down = false;
    // stop() tries the kept rows once more: they are written, what was past the bound is gone.
    await writer.stop();
    expect(written).toEqual([row(1, T0, 3), row(2, T0, 2)]);
    expect(lines.find((l) => l.event === 'scan.held')).toEqual({ event: 'scan.held', rows: 2, dropped: 5 });
  });

  it('still away at shutdown: stop() does not wait for it and says how many scans are lost', async () => {
    const { pool, written, state } = standIn();
    const { lines, logger } = logs();
    const writer = createPgScanWriter(pool, { windowMs: 250, logger, retryMs: 60_000 });
    state.down = true;
    await writer.writeScans([row(1, T0, 7)]);
    await writer.stop();
    expect(written).toEqual([]);
    expect(lines.at(-1)).toEqual({ event: 'scan.lost', scans: 7 });
  });

  it('a batch the database refuses for another reason is logged and dropped, not kept to fail again', async () => {
    const { lines, logger } = logs();
    const pool = {
      query: async () => {
        throw Object.assign(new Error('syntax error'), { code: '42601' });
      },
    } as unknown as Pool;
    const writer = createPgScanWriter(pool, { windowMs: 250, logger, retryMs: 10 });
    await writer.writeScans([row(1, T0)]);
    await writer.stop();
    expect(lines.map((l) => l.event)).toEqual(['scan.write_failed']);
  });
});
