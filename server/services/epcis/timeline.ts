/**
 * What the lot's Vietnamese timeline shows of an imported EPCIS event (decision 193): one step per event,
 * of any type, at its eventTime in Vietnam time, named by the company's words when the event carries them
 * (`txng:activity`, as our exports write), else by its business step's Vietnamese name, else by what an
 * event of its type and action does; its place is the GLN of its business location, else of its read
 * point. The event itself is kept whole beside these columns and exported as it came.
 */
import { activityOfBizStep } from '#shared/gs1/biz-steps.ts';
import { gs1KeyOf } from '#shared/gs1/epc-uri.ts';
import { isValidGln } from '#shared/gs1/identifiers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { vietnamEventTime } from './event-fields.ts';
import type { EpcisEventType } from './schema.ts';

/** A timeline date as the steps the company types keep it (ISO 8601 with or without time and offset). */
const TRACKING_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A GLN from a location id: a Digital Link …/414/{gln} or an SGLN EPC URI. */
export function glnOfLocation(id: unknown): string | null {
  const key = typeof id === 'string' ? gs1KeyOf(id) : null;
  return key?.ai === '414' && isValidGln(key.value) ? key.value : null;
}

function text(v: unknown, maxLength: number): string {
  return typeof v === 'string' ? v.trim().slice(0, maxLength) : '';
}

function stepName(type: EpcisEventType, action: unknown): string {
  const names = vi.gs1.epcisEventSteps[type];
  if (typeof names === 'string') return names;
  return names[action as keyof typeof names] ?? names.OBSERVE;
}

export function timelineStepOf(event: Record<string, unknown>) {
  const eventTime = event.eventTime as string;
  const bizStep = typeof event.bizStep === 'string' ? event.bizStep : null;
  return {
    activity:
      text(event['txng:activity'], 200) ||
      (bizStep ? activityOfBizStep(bizStep) : stepName(event.type as EpcisEventType, event.action)),
    location: text(event['txng:location'], 300),
    description: text(event['txng:description'], 2000),
    date: TRACKING_DATE.test(eventTime) ? eventTime : vietnamEventTime(eventTime),
    bizStep,
    gln:
      glnOfLocation((event.bizLocation as { id?: unknown } | undefined)?.id) ??
      glnOfLocation((event.readPoint as { id?: unknown } | undefined)?.id),
  };
}
