import { z } from 'zod';
import {
  gtinProblem,
  isValidGln,
  isValidLotCode,
  normalizeGtin,
  taxCodeProblem,
} from '#shared/gs1/identifiers.ts';
import { vi } from '#shared/i18n/vi/index.ts';

const l = vi.lots;

/**
 * A GTIN as a person types it (8, 12, 13 or 14 digits), stored as 14 digits (decision 125). Empty
 * text means "none" and becomes null; each kind of mistake has its own message.
 */
export const gtinSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const problem = gtinProblem(v);
    if (problem) {
      const message =
        problem === 'checkDigit' ? l.gtinCheckDigit : problem === 'length' ? l.gtinLength : l.gtinFormat;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalizeGtin(v);
  });

/** A GLN (13 digits, check digit verified); empty means none. */
export const glnSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidGln(v), l.invalidGln)
  .transform((v) => (v === '' ? null : v));

/** A Vietnamese tax code, check digit verified (decision 200); empty means none. */
export const taxCodeSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const problem = taxCodeProblem(v);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem === 'checkDigit' ? l.taxCodeCheckDigit : l.invalidTaxCode,
      });
      return z.NEVER;
    }
    return v;
  });

/** A lot code (GS1 AI 10). Kept as typed: lot codes are case-sensitive in GS1. */
export const lotCodeSchema = z
  .string({ error: vi.validation.required })
  .trim()
  .min(1, vi.validation.required)
  .refine(isValidLotCode, l.invalidLotCode);

/** A CBV 2.0 bizStep bare name (letters and '_') or an absolute URI of the company's own. */
export const bizStepSchema = z
  .string()
  .trim()
  .max(200, vi.validation.tooLong(200))
  .refine(
    (v) => v === '' || /^[a-z][a-z_]*$/.test(v) || /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(v),
    l.invalidBizStep,
  )
  .transform((v) => (v === '' ? null : v));
