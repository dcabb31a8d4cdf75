import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Link, useLocation, useParams } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { resetPasswordInput } from '#shared/schemas/auth.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Field, FieldError } from '#client/components/ui/field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { NEXT_PAGE } from '#client/lib/toasts.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.authScreens.newPassword;
const inv = vi.authScreens.invitation;

/**
 * The mailed link: the token is checked first, so an expired or used link says so before any typing.
 * A reset sets the new password and sends the person to sign in with it. An invitation (decision 185)
 * welcomes them to their company by name, and setting the password signs them in: the session comes
 * with the answer, and the auth layout then sends them into the workspace.
 */
export default function NewPasswordPage() {
  const trpc = useTRPC();
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const { signIn } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  // Silent: the page shows the clear message itself instead of a toast.
  const check = useMutation(
    trpc.auth.verifyResetPassword.mutationOptions({ trpc: { context: { silent: true } } }),
  );
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: (data) => {
        if (data.session && data.user) {
          toast.success(inv.done, NEXT_PAGE);
          signIn(data.session, data.user);
          return;
        }
        toast.success(t.done, NEXT_PAGE);
        navigate('/auth/sign-in', { replace: true });
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );
  const { mutate: checkToken } = check;
  useEffect(() => checkToken({ token }), [checkToken, token]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordInput.safeParse({ token, password });
    const found = parsed.success ? {} : zodErrors(parsed.error);
    if (password !== confirm) found.confirm ??= vi.validation.passwordsDiffer;
    if (!parsed.success || Object.keys(found).length) return setErrors(found);
    setErrors({});
    reset.mutate(parsed.data);
  };

  if (check.isIdle || check.isPending) {
    return (
      <AuthCard title={t.checkingTitle}>
        <p role="status">{t.checking}</p>
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title={t.checkingTitle}>
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-4 text-sm text-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {t.invalid}
        </p>
        <Link href="/auth/forgot-password" className={buttonVariants({ size: 'lg' })}>
          {t.requestAgain}
        </Link>
      </AuthCard>
    );
  }
  const invitation = check.data?.invitation;
  return (
    <AuthCard
      title={invitation ? inv.title(invitation.companyName) : t.title}
      subtitle={invitation ? inv.subtitle(invitation.email) : t.subtitle}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={vi.authScreens.password}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Field
          label={vi.authScreens.confirmPassword}
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <FieldError message={errors.token} />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? vi.authScreens.submitting : invitation ? inv.submit : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
