/**
 * Adds an EPCIS document's ObjectEvents to a lot's timeline (decision 133): the document must pass the
 * ObjectEvent document schema (its reason shown in Vietnamese around the schema's path and message),
 * every event must be about this lot when it names a GTIN, and all steps are added in one transaction
 * or none.
 */
import { and, eq, max } from 'drizzle-orm';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { activityOfBizStep } from '#shared/gs1/biz-steps.ts';
import { parseDigitalLink } from '#shared/gs1/digital-link.ts';
import { gs1CheckDigit, isValidGln } from '#shared/gs1/identifiers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { vietnamEventTime } from './document.ts';
import { validateEpcisDocument } from './validate.ts';

/** The most events one import adds (the JSON body limit bounds the bytes; this bounds the rows). */
export const EPCIS_IMPORT_MAX_EVENTS = 500;
const TRACKING_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

type Event = Record<string, unknown> & { eventTime: string; bizStep?: string };

/** A GLN from a location id in Digital Link form (…/414/{gln}) or as an SGLN URN. */
export function glnOfLocation(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const dl = /\/414\/(\d{13})(?:[/?#]|$)/.exec(id);
  if (dl?.[1]) return isValidGln(dl[1]) ? dl[1] : null;
  const urn = /^urn:epc:id:sgln:(\d+)\.(\d*)\.[^.]*$/.exec(id);
  if (urn && (urn[1] ?? '').length + (urn[2] ?? '').length === 12) {
    const body = `${urn[1]}${urn[2]}`;
    return `${body}${gs1CheckDigit(body)}`;
  }
  return null;
}

function text(v: unknown, maxLength: number): string {
  return typeof v === 'string' ? v.trim().slice(0, maxLength) : '';
}

/** Whether an event names another GTIN or lot than this one (identifiers not in Digital Link form pass). */
function aboutOtherLot(event: Event, gtin: string, lotCode: string): boolean {
  const ids = [
    ...((event.epcList as string[] | undefined) ?? []),
    ...((event.quantityList as Array<{ epcClass: string }> | undefined) ?? []).map((q) => q.epcClass),
  ];
  return ids.some((id) => {
    const parsed = parseDigitalLink(id);
    if (!parsed.ok || parsed.link.primary !== '01') return false;
    const lot = parsed.link.qualifiers.find(([ai]) => ai === '10')?.[1];
    return parsed.link.value !== gtin || (lot !== undefined && lot !== lotCode);
  });
}

export async function importEpcisIntoLot(
  deps: AppDeps,
  companyId: number | null,
  lotId: number,
  doc: unknown,
): Promise<{ added: number }> {
  const { lotEvents, lots, products } = deps.db.tables;
  const [lot] = await deps.db
    .select({ id: lots.id, code: lots.code, companyId: lots.companyId, gtin: products.gtin })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(eq(lots.id, lotId))
    .limit(1);
  // Another company's lot answers like a missing one (decision 083).
  if (!lot || (companyId !== null && lot.companyId !== companyId)) throw new AppError('NOT_FOUND');

  // Bounded (events, lists, nesting) before the schema, then checked on the parsing pool's thread.
  const checked = await validateEpcisDocument(doc, {
    pool: deps.parsePool,
    maxEvents: EPCIS_IMPORT_MAX_EVENTS,
  });
  if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message);
  const events = (doc as { epcisBody: { eventList: Event[] } }).epcisBody.eventList;
  if (events.length === 0) throw new AppError('BAD_REQUEST', vi.gs1.epcisNoEvents);
  if (lot.gtin) {
    const other = events.findIndex((e) => aboutOtherLot(e, lot.gtin as string, lot.code));
    if (other >= 0) throw new AppError('BAD_REQUEST', vi.gs1.epcisOtherLot(other + 1));
  }

  const rows = events.map((e) => ({
    activity: text(e['txng:activity'], 200) || activityOfBizStep(e.bizStep),
    location: text(e['txng:location'], 300),
    description: text(e['txng:description'], 2000),
    date: TRACKING_DATE.test(e.eventTime) ? e.eventTime : vietnamEventTime(e.eventTime),
    bizStep: e.bizStep ?? null,
    gln:
      glnOfLocation((e.bizLocation as { id?: string } | undefined)?.id) ??
      glnOfLocation((e.readPoint as { id?: string } | undefined)?.id),
  }));
  // Positions are read and written in one transaction: parallel imports append, never collide.
  await transaction(deps.db, async (tx) => {
    const [top] = await tx
      .select({ at: max(lotEvents.position) })
      .from(lotEvents)
      .where(eq(lotEvents.lotId, lot.id));
    const last = top?.at ?? -1;
    await tx
      .insert(lotEvents)
      .values(
        rows.map((r, i) => ({ ...r, lotId: lot.id, companyId: lot.companyId, position: last + 1 + i })),
      );
    await tx
      .update(lots)
      .set({ updatedAt: new Date() })
      .where(and(eq(lots.id, lot.id)));
  });
  return { added: rows.length };
}
