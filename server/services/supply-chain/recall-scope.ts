import type { AppDeps } from '#server/deps.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { formatQuantityVi } from '#shared/quantity.ts';
import { unitSymbol } from '#shared/units.ts';
import { totalsByUnit } from './balance.ts';
import { lotSummary } from './lot-facts.ts';
import { movementsOf } from './movements.ts';
import { partnersOf, reachedLots } from './trace.ts';

const m = vi.supplyChain;

/**
 * GET /lots/{id}/recall-scope: what a recall of the lot reaches (decision 202): the lot and every lot made
 * from it, however many transformations away, and every customer who received any of them, with contacts,
 * each shipment and the totals per unit. Answered whether or not the lot is recalled yet: a quality manager
 * looks before deciding.
 */
export async function recallScope(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const lot = await requireLotInScope(deps.db, scope, lotId);
  const reached = await reachedLots(deps.db, lot.companyId, lot.id, 'forward');
  const lots = reached.lots.map((l) => ({ ...lotSummary(l.fact), depth: l.depth }));
  const shipments = await movementsOf(
    deps.db,
    'shipment',
    lots.map((l) => l.id),
  );
  const lotById = new Map(lots.map((l) => [l.id, l]));
  const customers = (await partnersOf(deps.db, shipments)).map((partner) => {
    const theirs = shipments.filter((s) => s.partnerId === partner.id);
    return {
      partner,
      shipments: theirs.map((s) => ({
        ...s,
        lotCode: lotById.get(s.lotId)?.code ?? '',
        productName: lotById.get(s.lotId)?.productName ?? '',
      })),
      totals: totalsByUnit(theirs),
    };
  });
  return {
    lot: {
      id: lot.id,
      code: lot.code,
      recalled: lot.recalledAt !== null,
      recalledAt: lot.recalledAt?.toISOString() ?? null,
      recallReason: lot.recallReason,
    },
    lots,
    customers,
    truncated: reached.truncated,
  };
}
export type RecallScope = Awaited<ReturnType<typeof recallScope>>;

const STATUS = { RECALLED: m.status.recalled, HELD: m.status.held, OK: m.status.ok } as const;

/**
 * The recall scope as a CSV file for Excel (UTF-8 with a BOM, so the Vietnamese marks show; Vietnamese
 * headers): one line per shipment of an affected lot, and one line for each affected lot nobody received,
 * so the file is both the list of whom to call and the list of lots to pull.
 */
export async function recallScopeCsv(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const answer = await recallScope(deps, scope, lotId);
  const h = m.scope.csv;
  const header = [
    h.lotCode,
    h.product,
    h.depth,
    h.lotStatus,
    h.customer,
    h.taxCode,
    h.phone,
    h.email,
    h.address,
    h.quantity,
    h.unit,
    h.date,
    h.document,
  ];
  const rows: string[][] = [];
  for (const lot of answer.lots) {
    const lotCells = [lot.code, lot.productName, String(lot.depth), STATUS[lot.status]];
    const theirs = answer.customers.flatMap((c) =>
      c.shipments.filter((s) => s.lotId === lot.id).map((s) => ({ partner: c.partner, s })),
    );
    if (!theirs.length) rows.push([...lotCells, '', '', '', '', '', '', '', '', '']);
    for (const { partner, s } of theirs) {
      const document = s.documentType
        ? `${m.documents.types[s.documentType]} ${s.documentNumber ?? ''}`.trim()
        : '';
      rows.push([
        ...lotCells,
        partner.name,
        partner.taxCode ?? '',
        partner.phone,
        partner.email,
        [partner.address, partner.province].filter(Boolean).join(', '),
        formatQuantityVi(s.quantity),
        unitSymbol(s.unit),
        s.date,
        document,
      ]);
    }
  }
  // Loaded on first use, as the import template does: most requests never write a CSV.
  const { default: Papa } = await import('papaparse');
  // escapeFormulae: a cell that starts with = + - @ is written with a leading quote, so a lot code or a
  // partner's name can never run as a spreadsheet formula.
  const text = `\uFEFF${Papa.unparse([header, ...rows], { escapeFormulae: true })}\r\n`;
  const safeCode = answer.lot.code.replace(/[^A-Za-z0-9._-]/g, '-');
  return { filename: m.scope.csvFile(safeCode), contentType: 'text/csv; charset=utf-8', text };
}
