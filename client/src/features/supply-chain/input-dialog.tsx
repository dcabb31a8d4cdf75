import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { addInputsInput } from '#shared/schemas/supply-chain.ts';
import { Field, FieldError } from '#client/components/ui/field.tsx';
import { FormDialog } from '#client/components/ui/form-dialog.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { cn } from '#client/lib/cn.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { QuantityUnitFields, showWarnings } from './quantity-fields.tsx';
import { LotStatusBadge } from './status.tsx';

const m = sc.inputs;

/** The one line's errors ('inputs.0.quantity') under the dialog's own fields ('quantity'). */
const ofTheLine = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^inputs\.0\./, ''), v]));

/**
 * "Làm từ các lô": one lot of the company this lot was made from, found by its code or its product's name,
 * with how much of it went in. A lot on hold or recalled cannot be picked (the server refuses it too).
 */
export function InputDialog({
  lotId,
  open,
  onOpenChange,
}: {
  lotId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const q = useDebounced(search.trim());
  const lotErrorId = useId();
  const found = useQuery({
    ...trpc.supplyChain.searchLots.queryOptions({ lotId, q }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (!open) return;
    setSearch('');
    setPicked(null);
    setQuantity('');
    setUnit('');
    setErrors({});
  }, [open]);

  const add = useMutation(
    trpc.supplyChain.addInputs.mutationOptions({
      onSuccess: (saved) => {
        toast.success(m.added(1));
        showWarnings(saved.warnings);
        void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
        onOpenChange(false);
      },
      onError: (err) => setErrors(ofTheLine(serverErrors(err))),
    }),
  );

  function save() {
    const body = { lotId, inputs: [{ lotId: picked ?? 0, quantity: quantity.trim(), unit }] };
    const parsed = addInputsInput.safeParse(body);
    const next = ofTheLine(parsed.success ? {} : zodErrors(parsed.error));
    if (!unit) next.unit = sc.units.invalid;
    if (picked === null) next.lot = m.pickFirst;
    delete next['inputs.0.lotId'];
    if (next.quantity || next.unit || next.lot) return setErrors(next);
    setErrors({});
    add.mutate(body);
  }

  const lots = found.data ?? [];
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={picked !== null || quantity !== ''}
      title={m.add}
      saveLabel={m.add}
      saving={add.isPending}
      loading={false}
      onSave={save}
    >
      <Field label={m.pickLot} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <fieldset className="flex flex-col gap-2" aria-describedby={lotErrorId}>
        <legend className="mb-1 text-sm font-medium text-ink">{m.results}</legend>
        {found.isLoading && <p role="status">{m.searching}</p>}
        {!found.isLoading && lots.length === 0 && <p className="text-sm text-ink-soft">{m.noLotFound}</p>}
        <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto">
          {lots.map((l) => {
            const blocked = l.status !== 'OK';
            return (
              <li key={l.id}>
                <label
                  className={cn(
                    'flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm',
                    picked === l.id ? 'border-primary bg-primary-light text-ink' : 'border-line text-ink',
                    blocked && 'cursor-not-allowed opacity-70',
                  )}
                >
                  <input
                    type="radio"
                    name={`${lotErrorId}-lot`}
                    value={l.id}
                    checked={picked === l.id}
                    disabled={blocked}
                    onChange={() => setPicked(l.id)}
                    className="accent-[var(--primary)]"
                  />
                  <span className="font-mono font-semibold">{l.code}</span>
                  <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{l.productName}</span>
                  {blocked && <LotStatusBadge status={l.status} />}
                </label>
              </li>
            );
          })}
        </ul>
        <FieldError id={lotErrorId} message={errors.lot || undefined} />
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <QuantityUnitFields
          quantity={quantity}
          unit={unit}
          errors={errors}
          onQuantity={setQuantity}
          onUnit={setUnit}
        />
      </div>
    </FormDialog>
  );
}
