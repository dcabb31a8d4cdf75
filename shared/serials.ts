import { buildDigitalLink } from './gs1/digital-link.ts';

/**
 * Serialized codes (issue 32, decision 204): one random code per item, printed as a QR code whose address
 * answers whether the item is genuine. Shared by the server (generation, lookup, the CSV) and the client
 * (the workspace's sheets, the public page).
 */

/**
 * 32 symbols without look-alikes (no 0/O, 1/I): a buyer can type a serial read off a label. All of them are
 * in GS1's character set 82, so a serial is a valid AI 21 value; 32 divides 256, so 5 random bits pick a
 * symbol with no bias.
 */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Symbols per serial: 60 random bits, so a guess is very unlikely to hit one issued (decision 204). */
export const SERIAL_LENGTH = 12;
/** Items one batch may hold (issue 32). */
export const MAX_BATCH_COUNT = 1_000_000;
/** Digits of a scratch-off PIN. */
export const SERIAL_PIN_LENGTH = 6;

export const SERIAL_VERDICTS = ['FIRST', 'SEEN', 'SUSPECT', 'NOT_ISSUED', 'VOID', 'RECALLED'] as const;
export type SerialVerdict = (typeof SERIAL_VERDICTS)[number];

export const SERIAL_BATCH_STATUSES = ['GENERATING', 'READY', 'FAILED'] as const;
export type SerialBatchStatus = (typeof SERIAL_BATCH_STATUSES)[number];

const SERIAL_SHAPE = new RegExp(`^[${SERIAL_ALPHABET}]{${SERIAL_LENGTH}}$`);

/** Whether a text could be an issued serial: the right length, only the alphabet's symbols (upper case). */
export function isSerialShaped(text: string): boolean {
  return text.length === SERIAL_LENGTH && SERIAL_SHAPE.test(text);
}

/**
 * The path an item's QR code holds, on this origin (PUBLIC_URL before it): the GS1 Digital Link
 * `/01/{gtin}/10/{lot}/21/{serial}` when the product has a GTIN (the lot segment only when the batch has
 * a lot; the GTIN as stored, 14 digits), else the short `/s/{serial}`.
 */
export function serialItemPath(item: {
  gtin: string | null | undefined;
  lotCode: string | null | undefined;
  serial: string;
}): string {
  if (!item.gtin) return `/s/${item.serial}`;
  return buildDigitalLink('', { gtin: item.gtin, lot: item.lotCode || null, serial: item.serial });
}

/**
 * Serials one company may ask for in a day (decision 205): five full batches, far past a small producer's
 * year, and a bound on what one account can make the server write.
 */
export const SERIALS_PER_COMPANY_DAY = 5_000_000;
/** Voided ranges one batch may hold: each is a row the verdict's lookup reads (decision 204). */
export const MAX_VOID_RANGES = 200;
