import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '#client/lib/cn.ts';

/** What a control needs to be tied to its label and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The control's look (input, select, textarea), red-bordered while it has an error. */
export const controlClass = (error: string | undefined, size: string) =>
  cn(
    'rounded-lg border border-control bg-surface px-3 text-ink outline-none focus:border-primary focus:ring-2 focus:ring-primary/30',
    size,
    error && 'border-danger',
  );

/** The label above and the error below any control, with the ids that tie them together. */
export function FieldFrame({
  label,
  error,
  id,
  className,
  children,
}: {
  label: string;
  error?: string;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A field's error, tied to its control by `id` (aria-describedby) and announced when it appears or
 * changes: the live region is always in the page (hidden while empty), since screen readers announce
 * changes to a live region they already know, not a region inserted with its text.
 */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className={message ? 'text-sm text-danger' : 'sr-only'}>
      {message}
    </p>
  );
}

/** A control's own attributes plus its label and error. */
export type Labelled<Attributes> = Attributes & { label: string; error?: string };

export type FieldProps = Labelled<InputHTMLAttributes<HTMLInputElement>>;

/** A labelled input with its error tied to it (aria-invalid + aria-describedby). */
export function Field({ label, error, className, id, ...props }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => <input {...control} className={controlClass(error, 'h-11')} {...props} />}
    </FieldFrame>
  );
}
