/**
 * Units of measure of receipts, inputs and shipments: a curated list of UN/CEFACT Recommendation 20 common
 * codes, what EPCIS writes as `uom` (decision 201), with the Vietnamese names the workspace shows. Mass and
 * volume units convert into one another (the mass balance adds kilograms and tonnes); the count and package
 * units convert into nothing, a carton is not a number of pieces.
 */
import { foldVietnamese } from './text.ts';

export type UnitDimension = 'mass' | 'volume' | 'count';

export interface UnitOfMeasure {
  /** The Rec 20 common code. */
  code: string;
  /** What the workspace shows, short. */
  symbol: string;
  /** Its Vietnamese name. */
  name: string;
  dimension: UnitDimension;
  /** How many of the dimension's smallest unit (gram, millilitre) it is; 0 for counts. */
  base: number;
  /** Other words people write for it in spreadsheets and the lot form, folded (foldVietnamese). */
  aliases: readonly string[];
}

const unit = (
  code: string,
  symbol: string,
  name: string,
  dimension: UnitDimension,
  base: number,
  aliases: string[] = [],
): UnitOfMeasure => ({ code, symbol, name, dimension, base, aliases });

/**
 * CT, BX, BG, BO, CA and PK are the package codes Rec 20 lists beside its units (the issue names CT); EPCIS's
 * `uom` pattern takes two or three capitals, so they travel as written.
 */
export const UNITS: readonly UnitOfMeasure[] = [
  unit('KGM', 'kg', 'Kilôgam', 'mass', 1_000, ['kilogram', 'ki-lô-gam', 'kilogam', 'kí', 'cân']),
  unit('GRM', 'g', 'Gam', 'mass', 1, ['gram', 'gr']),
  unit('TNE', 'tấn', 'Tấn', 'mass', 1_000_000, ['t', 'tonne', 'ton']),
  unit('LTR', 'lít', 'Lít', 'volume', 1_000, ['l', 'litre', 'liter']),
  unit('MLT', 'ml', 'Mililít', 'volume', 1, ['millilitre', 'milliliter']),
  unit('MTQ', 'm³', 'Mét khối', 'volume', 1_000_000, ['m3', 'khối']),
  unit('H87', 'cái', 'Cái, chiếc', 'count', 0, ['chiếc', 'piece', 'pcs', 'quả', 'con']),
  unit('CT', 'thùng', 'Thùng carton', 'count', 0, ['carton']),
  unit('BX', 'hộp', 'Hộp', 'count', 0, ['box']),
  unit('BG', 'bao', 'Bao, túi', 'count', 0, ['túi', 'bag']),
  unit('BO', 'chai', 'Chai', 'count', 0, ['bottle']),
  unit('CA', 'lon', 'Lon', 'count', 0, ['can']),
  unit('PK', 'gói', 'Gói', 'count', 0, ['pack']),
  unit('SET', 'bộ', 'Bộ', 'count', 0, ['set']),
];

export const UNIT_CODES = UNITS.map((u) => u.code) as readonly string[];

const BY_CODE = new Map(UNITS.map((u) => [u.code, u]));

/** The unit of a Rec 20 code this list holds, or undefined. */
export function unitByCode(code: string): UnitOfMeasure | undefined {
  return BY_CODE.get(code);
}

const lower = (s: string) => s.normalize('NFC').trim().toLowerCase();
/** Every word of every unit as written (tone marks kept): "bộ" is a set, "BO" a bottle, "cân" a kilogram. */
const BY_WORD = new Map<string, UnitOfMeasure>();
/** The same words folded, kept only where one unit has them ("tui" is a bag; "bo" is a set or a bottle). */
const BY_FOLDED = new Map<string, UnitOfMeasure | null>();
for (const u of UNITS) {
  for (const word of [u.code, u.symbol, u.name, ...u.aliases]) {
    BY_WORD.set(lower(word), u);
    const folded = foldVietnamese(word);
    const seen = BY_FOLDED.get(folded);
    BY_FOLDED.set(folded, seen === undefined || seen === u ? u : null);
  }
}

/**
 * The unit a person wrote, by its code, symbol, Vietnamese name or a usual word ("kg", "Kilôgam", "thùng",
 * "KGM", "tui"), or undefined when the words name none or could name two: the spreadsheet import and the
 * lot's own free-text unit read units this way.
 */
export function unitOfText(text: string | null | undefined): UnitOfMeasure | undefined {
  if (!text?.trim()) return undefined;
  const exact = BY_CODE.get(text.trim()) ?? BY_WORD.get(lower(text));
  return exact ?? BY_FOLDED.get(foldVietnamese(text)) ?? undefined;
}

/** "kg", "thùng": how a quantity's unit is shown; an unknown code is shown as it is. */
export function unitSymbol(code: string): string {
  return BY_CODE.get(code)?.symbol ?? code;
}
