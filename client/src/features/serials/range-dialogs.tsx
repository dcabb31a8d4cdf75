import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { RadioChoice } from '#client/components/ui/radio-choice.tsx';
import { serialsWorkspace as sw } from '#shared/i18n/vi/serials-workspace.ts';
import type { SerialBatchView } from '#shared/schemas/serials.ts';
import { MAX_PRINT_CODES } from './csv-range.ts';

export interface SeqRange {
  fromSeq: number;
  toSeq: number;
}

/** A from..to of the batch's items (1..count, from ≤ to), or the message saying what is wrong. */
export function parseRange(from: string, to: string, count: number): SeqRange | string {
  const a = Number(from.trim());
  const b = Number(to.trim());
  const ok = (n: number) => Number.isInteger(n) && n >= 1 && n <= count;
  if (from.trim() === '' || to.trim() === '' || !ok(a) || !ok(b) || a > b) return sw.seqInvalid(count);
  return { fromSeq: a, toSeq: b };
}

function RangeFields({
  from,
  to,
  error,
  onChange,
}: {
  from: string;
  to: string;
  error: string | undefined;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field
        label={sw.fromSeq}
        inputMode="numeric"
        autoComplete="off"
        value={from}
        error={error ? ' ' : undefined}
        onChange={(e) => onChange(e.target.value, to)}
      />
      <Field
        label={sw.toSeq}
        inputMode="numeric"
        autoComplete="off"
        value={to}
        error={error}
        onChange={(e) => onChange(from, e.target.value)}
      />
    </div>
  );
}

/** A dialog's from..to: the two fields, their text and their error, and the range they say. */
function useRangeFields(initialFrom: string) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  return {
    setError,
    parse: (count: number) => parseRange(from, to, count),
    reset: () => {
      setFrom(initialFrom);
      setTo('');
      setError(undefined);
    },
    fields: (
      <RangeFields
        from={from}
        to={to}
        error={error}
        onChange={(f, t) => {
          setFrom(f);
          setTo(t);
        }}
      />
    ),
  };
}

/** Voids items from..to of a batch: the range first, then a confirm, since it cannot be undone. */
export function VoidRangeDialog({
  batch,
  busy,
  onClose,
  onVoid,
}: {
  batch: SerialBatchView | null;
  busy: boolean;
  onClose: () => void;
  onVoid: (range: SeqRange) => void;
}) {
  const range = useRangeFields('');
  const [asking, setAsking] = useState<SeqRange | null>(null);
  const close = () => {
    range.reset();
    setAsking(null);
    onClose();
  };
  return (
    <>
      <Dialog
        open={batch !== null && asking === null}
        onOpenChange={(o) => !o && close()}
        size="sm"
        title={sw.voidRangeTitle}
        description={batch ? sw.batchName(batch.productName, batch.lotCode) : undefined}
        footer={
          <>
            <DialogCancel />
            <Button type="submit" form="serial-void-form" variant="danger">
              {sw.confirmVoid}
            </Button>
          </>
        }
      >
        <form
          id="serial-void-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!batch) return;
            const chosen = range.parse(batch.count);
            if (typeof chosen === 'string') range.setError(chosen);
            else {
              range.setError(undefined);
              setAsking(chosen);
            }
          }}
        >
          {range.fields}
        </form>
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => !o && setAsking(null)}
        title={sw.voidRangeConfirmTitle}
        message={asking ? sw.voidRangeMessage(asking.fromSeq, asking.toSeq) : ''}
        confirmLabel={sw.confirmVoid}
        busy={busy}
        onConfirm={() => {
          if (asking) onVoid(asking);
          close();
        }}
      />
    </>
  );
}

/** Which items to print: the first ones (up to a bounded count) or a chosen from..to. */
export function PrintRangeDialog({
  batch,
  busy,
  onClose,
  onPrint,
}: {
  batch: SerialBatchView | null;
  busy: boolean;
  onClose: () => void;
  onPrint: (range: SeqRange) => void;
}) {
  const [mode, setMode] = useState<'first' | 'custom'>('first');
  const range = useRangeFields('1');
  const first = Math.min(batch?.count ?? 0, 100);
  return (
    <Dialog
      open={batch !== null}
      onOpenChange={(o) => {
        if (o) return;
        range.setError(undefined);
        onClose();
      }}
      size="sm"
      title={sw.printTitle}
      description={batch ? sw.batchName(batch.productName, batch.lotCode) : undefined}
      footer={
        <>
          <DialogCancel />
          <Button type="submit" form="serial-print-form" disabled={busy}>
            {busy ? sw.printLoading : sw.printPrepare}
          </Button>
        </>
      }
    >
      <form
        id="serial-print-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!batch) return;
          if (mode === 'first') {
            onPrint({ fromSeq: 1, toSeq: first });
            return;
          }
          const chosen = range.parse(batch.count);
          if (typeof chosen === 'string') range.setError(chosen);
          else if (chosen.toSeq - chosen.fromSeq + 1 > MAX_PRINT_CODES) range.setError(sw.printMax(MAX_PRINT_CODES));
          else {
            range.setError(undefined);
            onPrint(chosen);
          }
        }}
      >
        <RadioChoice
          label={sw.printRange}
          value={mode}
          options={[
            { value: 'first', label: sw.printFirst(first) },
            { value: 'custom', label: sw.printCustom },
          ]}
          onChange={setMode}
          hint={sw.printMax(MAX_PRINT_CODES)}
        />
        {mode === 'custom' && range.fields}
      </form>
    </Dialog>
  );
}
