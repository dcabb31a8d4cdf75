import type { InputHTMLAttributes } from 'react';
import { Field } from './field.tsx';

/** One text input of a form: its key in the form's state is also its `name` and its error's key. */
export type FieldSpec<K extends string> = { name: K; label: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'autoCapitalize'
>;

/** A run of labelled inputs over one state object, each showing the error found under its name. */
export function FormFields<K extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FieldSpec<K>[];
  values: Record<K, string>;
  errors: Partial<Record<string, string>>;
  onChange: (name: K, value: string) => void;
}) {
  return fields.map(({ name, ...spec }) => (
    <Field
      key={name}
      {...spec}
      name={name}
      value={values[name]}
      onChange={(e) => onChange(name, e.target.value)}
      error={errors[name]}
    />
  ));
}
