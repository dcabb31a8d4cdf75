import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { UNITS, unitOfText } from '#shared/units.ts';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import type { FieldErrors } from '#client/lib/form-errors.ts';

const m = sc;

/** The curated UN/CEFACT Rec 20 units, as "Kilôgam (kg)". */
export const UNIT_OPTIONS = UNITS.map((u) => ({ value: u.code, label: `${u.name} (${u.symbol})` }));

/** The Rec 20 code a lot's free-text unit names ("kg" → KGM), or '' when it names none of the list. */
export const unitCodeOf = (text: string | null | undefined) => unitOfText(text)?.code ?? '';

/**
 * What the server warned about a save it made anyway (a mass balance exceeded): each as a warning toast
 * that says the save happened.
 */
export function showWarnings(warnings: readonly string[]) {
  for (const w of warnings) toast.warning(m.lotPage.warning(w), { toastId: w });
}

/** A quantity (decimal, "1200,5") and its unit, side by side from `sm` up. */
export function QuantityUnitFields({
  quantity,
  unit,
  errors,
  onQuantity,
  onUnit,
}: {
  quantity: string;
  unit: string;
  errors: FieldErrors;
  onQuantity: (value: string) => void;
  onUnit: (value: string) => void;
}) {
  return (
    <>
      <Field
        label={m.quantityLabel}
        inputMode="decimal"
        value={quantity}
        required
        error={errors.quantity}
        onChange={(e) => onQuantity(e.target.value)}
      />
      <SelectField
        label={m.unitLabel}
        value={unit}
        placeholder={vi.workspace.common.none}
        options={UNIT_OPTIONS}
        required
        error={errors.unit}
        onChange={(e) => onUnit(e.target.value)}
      />
    </>
  );
}
