import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { changePasswordInput } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '../../lib/form-errors.ts';
import { errorData, useTRPC } from '../../lib/trpc.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import type { SessionUser } from '../../session/session-reducer.ts';

const t = vi.publicPages.password;
const EMPTY = { oldPassword: '', newPassword: '', confirm: '' };

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

  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <section aria-labelledby="password-title" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="password-title" className="mb-4 text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t.old}
          type="password"
          name="oldPassword"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
        />
        <Field
          label={t.next}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <Field
          label={t.confirm}
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
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
