import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { changePasswordInput } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { type FieldSpec, FormFields } from '#client/components/ui/form-fields.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import type { SessionUser } from '#client/session/session-reducer.ts';

const t = vi.publicPages.password;
const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };
const FIELDS: FieldSpec<keyof typeof EMPTY>[] = [
  { name: 'oldPassword', label: t.old, type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: t.next, type: 'password', autoComplete: 'new-password' },
  { name: 'confirm', label: t.confirm, type: 'password', autoComplete: 'new-password' },
];

/**
 * Change password: the old one is checked first (auth.verifyOldPassword: its failure is shown under
 * the field, the shell never toasts it), then auth.changePassword. Changing ends older sessions, so the
 * new session it returns is stored through the session's signIn: this device stays signed in.
 */
export function PasswordSection() {
  const trpc = useTRPC();
  const { signIn } = useSession();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const verify = useMutation(trpc.auth.verifyOldPassword.mutationOptions());
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const pending = verify.isPending || change.isPending;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordInput.safeParse({
      oldPassword: form.oldPassword,
      newPassword: form.newPassword,
    });
    const found = parsed.success ? {} : zodErrors(parsed.error);
    if (form.confirm !== form.newPassword) found.confirm = t.mismatch;
    if (!parsed.success || found.confirm) return setErrors(found);
    setErrors({});
    try {
      await verify.mutateAsync({ password: parsed.data.oldPassword });
    } catch (err) {
      const status = errorData(err).httpStatus;
      return setErrors({ oldPassword: status === 401 ? t.wrongOld : (err as Error).message });
    }
    try {
      const answer = await change.mutateAsync(parsed.data);
      signIn(answer.session, answer.user as SessionUser);
      setForm(EMPTY);
      toast.success(t.changed);
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };

  return (
    <section aria-labelledby="password-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="password-title" className="mb-4 text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <FormFields
          fields={FIELDS}
          values={form}
          errors={errors}
          onChange={(name, value) => setForm((f) => ({ ...f, [name]: value }))}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={pending}>
            {pending ? t.submitting : t.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
