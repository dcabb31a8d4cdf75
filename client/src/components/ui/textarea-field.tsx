import type { TextareaHTMLAttributes } from 'react';
import { controlClass, FieldFrame, type Labelled } from './field.tsx';

export type TextareaFieldProps = Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A labelled multi-line input with its error tied to it, like Field. */
export function TextareaField({ label, error, className, id, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => <textarea {...control} rows={2} className={controlClass(error, 'py-2')} {...props} />}
    </FieldFrame>
  );
}
