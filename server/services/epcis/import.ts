/**
 * Captures an EPCIS 2.0 document's events into a lot (decisions 133, 193): the document must pass the
 * import schema (ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent) and name EPCIS's
 * @context; every event must be about this lot wherever it names a trade item, in Digital Link or EPC URI
 * form; each event is kept as received with its document's other @context entries, its GS1 event hash and
 * the objects it names, and shown on the lot's timeline. Receipts, shipments and the TransformationEvent
 * that made the lot are recorded as the supply chain's records too (capture-supply-chain.ts, decision 203).
 * Capture is idempotent: an event whose eventID (or, without one, whose event hash) the lot already holds is
 * not added again, nor recorded again. All of it in one transaction.
 */
import { and, eq, inArray, max, or } from 'drizzle-orm';
import { chunked } from '#server/db/chunks.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { captureSupplyChain } from './capture-supply-chain.ts';
import { hasEpcisContext, otherContexts } from './context.ts';
import { eventHashId, namespacesOf } from './event-hash.ts';
import { type EventObject, objectCount, objectsOf } from './objects.ts';
import { EPCIS_EVENT_TYPES, type EpcisEventType } from './schema.ts';
import { timelineStepOf } from './timeline.ts';
import { validateEpcisDocument } from './validate.ts';

/** The most events one import adds (the JSON body limit bounds the bytes; this bounds the rows). */
export const EPCIS_IMPORT_MAX_EVENTS = 500;
/** The most identifiers one import stores in lot_event_objects. */
export const EPCIS_IMPORT_MAX_OBJECTS = 10_000;

type Event = Record<string, unknown> & { type: EpcisEventType; eventTime: string };

export interface EpcisImportResult {
  /** Events added to the lot. */
  added: number;
  /** Events of the document the lot already held (same eventID, or same event hash without one). */
  alreadyPresent: number;
  /** What happened, in Vietnamese. */
  message: string;
  /** The mass balance's warnings about receipts, shipments and inputs it recorded (saved all the same). */
  warnings?: string[];
}

/**
 * The refusal of an event type the import does not take, when that is what the schema refused (its
 * type at `path`): said by name rather than as the schema's list of allowed values.
 */
function unsupportedType(doc: unknown, path: string): string | null {
  const at = /^\/epcisBody\/eventList\/(\d+)\/type$/.exec(path);
  if (!at) return null;
  const index = Number(at[1]);
  const type = (doc as { epcisBody: { eventList: Array<{ type?: unknown }> } }).epcisBody.eventList[index]
    ?.type;
  return typeof type === 'string' && !(EPCIS_EVENT_TYPES as readonly string[]).includes(type)
    ? vi.gs1.epcisUnsupportedType(index + 1, type)
    : null;
}

/**
 * Why an event is not about this lot, or null. Where an event names a trade item (its goods: not the
 * container an aggregation or a transaction names as parentID), it must be this lot's GTIN and, when it
 * names a lot, this lot. A TransformationEvent turns inputs into outputs of other products: this lot must
 * be among them.
 */
function notAboutLot(
  event: Event,
  objects: EventObject[],
  n: number,
  gtin: string,
  code: string,
): string | null {
  const goods = objects.filter((o) => o.list !== 'parentID' && o.gtin !== null);
  const isThisLot = (o: EventObject) => o.gtin === gtin && (o.lotCode === null || o.lotCode === code);
  if (event.type === 'TransformationEvent')
    return goods.length > 0 && !goods.some(isThisLot) ? vi.gs1.epcisNotThisLot(n) : null;
  const other = goods.find((o) => !isThisLot(o));
  return other ? vi.gs1.epcisOtherLot(n, event.type, other.identifier) : null;
}

export async function importEpcisIntoLot(
  deps: AppDeps,
  companyId: number | null,
  lotId: number,
  doc: unknown,
  actor: Actor,
): Promise<EpcisImportResult> {
  const { lotEventObjects, lotEvents, lots, products } = deps.db.tables;
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
  if (!checked.ok) throw new AppError('BAD_REQUEST', unsupportedType(doc, checked.path) ?? checked.message);
  const document = doc as { '@context': unknown; epcisBody: { eventList: Event[] } };
  if (!hasEpcisContext(document['@context'])) throw new AppError('BAD_REQUEST', vi.gs1.epcisNoContext);
  const events = document.epcisBody.eventList;
  if (events.reduce((n, e) => n + objectCount(e), 0) > EPCIS_IMPORT_MAX_OBJECTS)
    throw new AppError('BAD_REQUEST', vi.gs1.epcisTooManyObjects(EPCIS_IMPORT_MAX_OBJECTS));

  const context = otherContexts(document['@context']);
  const captured = events.map((event, i) => {
    const objects = objectsOf(event);
    const refusal = lot.gtin && notAboutLot(event, objects, i + 1, lot.gtin, lot.code);
    if (refusal) throw new AppError('BAD_REQUEST', refusal);
    const hash = eventHashId(event, namespacesOf(document['@context'], event['@context']));
    const given = typeof event.eventID === 'string' ? event.eventID : null;
    return { n: i + 1, event, objects, hash, given, eventId: given ?? hash };
  });

  const result = await transaction(deps.db, async (tx) => {
    // Known to the lot: the eventIDs an event gives, and the hashes of events given without one.
    const held = captured.length
      ? await tx
          .select({ eventId: lotEvents.eventId, eventHash: lotEvents.eventHash })
          .from(lotEvents)
          .where(
            and(
              eq(lotEvents.lotId, lot.id),
              or(
                inArray(
                  lotEvents.eventId,
                  captured.map((c) => c.eventId),
                ),
                inArray(
                  lotEvents.eventHash,
                  captured.filter((c) => !c.given).map((c) => c.hash),
                ),
              ),
            ),
          )
      : [];
    const ids = new Set(held.map((h) => h.eventId));
    const hashes = new Set(held.map((h) => h.eventHash));
    const fresh: typeof captured = [];
    for (const c of captured) {
      const known = c.given ? ids.has(c.given) : ids.has(c.hash) || hashes.has(c.hash);
      if (known) continue;
      // The same event twice in one document is added once.
      ids.add(c.eventId);
      if (!c.given) hashes.add(c.hash);
      fresh.push(c);
    }
    if (!fresh.length) return { added: 0, alreadyPresent: captured.length, warnings: [] };

    // Positions are read and written in one transaction: parallel imports append, never collide.
    const [top] = await tx
      .select({ at: max(lotEvents.position) })
      .from(lotEvents)
      .where(eq(lotEvents.lotId, lot.id));
    const last = top?.at ?? -1;
    const inserted = await tx
      .insert(lotEvents)
      .values(
        fresh.map((c, i) => ({
          ...timelineStepOf(c.event),
          lotId: lot.id,
          companyId: lot.companyId,
          position: last + 1 + i,
          eventId: c.eventId,
          eventHash: c.hash,
          epcis: c.event,
          epcisContext: context,
        })),
      )
      .returning({ id: lotEvents.id, eventId: lotEvents.eventId });
    // eventIDs are unique in a lot: each row's objects find it by its own.
    const rowOf = new Map(inserted.map((r) => [r.eventId, r.id]));
    const objects = fresh.flatMap((c) =>
      c.objects.map((o) => ({ ...o, lotEventId: rowOf.get(c.eventId) as number, companyId: lot.companyId })),
    );
    for (const chunk of chunked(objects, 1_000)) await tx.insert(lotEventObjects).values(chunk);
    const warnings = await captureSupplyChain(deps, tx, companyId, actor, lot, fresh);
    await tx.update(lots).set({ updatedAt: new Date() }).where(eq(lots.id, lot.id));
    return { added: fresh.length, alreadyPresent: captured.length - fresh.length, warnings };
  });
  const { warnings, ...counts } = result;
  return {
    ...counts,
    message: vi.gs1.epcisImported(result.added, result.alreadyPresent),
    ...(warnings.length ? { warnings } : {}),
  };
}
