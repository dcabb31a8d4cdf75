/**
 * Quantities of receipts, inputs and shipments as exact decimals (decision 201): stored as canonical decimal
 * text ("1200.5", at most 6 decimals, no exponent, no sign), added and compared as whole millionths (BigInt),
 * never as binary floating point, so 0.1 + 0.2 kg is 0.3 kg and a mass balance never warns about a rounding.
 */

export const QUANTITY_DECIMALS = 6;
/** The largest quantity accepted: a billion of any unit is past any lot this app records. */
export const QUANTITY_MAX_UNITS = 1_000_000_000n;
const SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

/** Why a quantity is refused, or null when it is a valid one. */
export type QuantityProblem = 'format' | 'decimals' | 'zero' | 'tooLarge';

/**
 * A quantity as a person or a program writes it: "1200.5", "1.200,5" (Vietnamese), "1 200,5", 1200.5 (a JSON
 * number, read from its shortest decimal form). A comma with no point is a decimal comma; with both, the
 * last one is the decimal separator and the other groups thousands.
 */
export function parseQuantity(input: string | number): { micro: bigint } | { problem: QuantityProblem } {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { problem: 'format' };
    // The shortest text that reads back as this number: 0.1 is "0.1", not 0.1000000000000000055...
    text = Math.abs(input) < 1e-6 && input !== 0 ? input.toFixed(12) : String(input);
    if (/e/i.test(text)) return { problem: input > 1 ? 'tooLarge' : 'decimals' };
  } else {
    text = input.trim().replace(/[\s\u00a0]/g, '');
  }
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    const decimal = comma > point ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    text = text.split(group).join('').replace(decimal, '.');
  } else if (comma >= 0) {
    text = text.replace(',', '.');
  }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { problem: 'format' };
  const whole = m[1] as string;
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > QUANTITY_DECIMALS) return { problem: 'decimals' };
  const micro = BigInt(whole) * SCALE + BigInt(fraction.padEnd(QUANTITY_DECIMALS, '0') || '0');
  if (micro === 0n) return { problem: 'zero' };
  if (micro > QUANTITY_MAX_UNITS * SCALE) return { problem: 'tooLarge' };
  return { micro };
}

/** Whole millionths as the canonical decimal text that is stored and answered: 1200500000n -> "1200.5". */
export function quantityText(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(QUANTITY_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The canonical text back as whole millionths (a stored quantity, trusted). */
export function microOf(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const micro =
    BigInt(whole) * SCALE + BigInt(fraction.padEnd(QUANTITY_DECIMALS, '0').slice(0, QUANTITY_DECIMALS));
  return negative ? -micro : micro;
}

/** A canonical quantity as a JSON number for EPCIS (at most 16 significant digits: exact in a double). */
export function quantityNumber(text: string): number {
  return Number(text);
}

/** A canonical quantity as Vietnamese writes it: "1.200,5". */
export function formatQuantityVi(text: string): string {
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${grouped},${fraction}` : grouped;
}
