import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { loginInput } from '#shared/schemas/auth.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { getSignUpEmail, setSignUpEmail } from '#client/lib/storage.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.authScreens;

/** Sign in. A pending account (412) is sent to activation with its e-mail kept. */
export default function SignInPage() {
  const trpc = useTRPC();
  const { signIn, dispatch } = useSession();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState(getSignUpEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (data) => signIn(data.session, data.user),
      onError: (err) => {
        dispatch({ type: 'LOGIN_FAILED', message: err.message });
        setErrors(serverErrors(err));
        if (errorData(err).httpStatus === 412) {
          setSignUpEmail(email.trim().toLowerCase());
          navigate('/auth/activate-account');
        }
      },
    }),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <AuthCard
      title={t.signIn.title}
      subtitle={
        <>
          {t.signIn.noAccount}{' '}
          <Link href="/auth/sign-up" className="font-semibold text-primary hover:underline">
            {t.signIn.signUp}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Field
          label={t.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Link
          href="/auth/forgot-password"
          className="self-end text-sm font-medium text-primary hover:underline"
        >
          {t.signIn.forgot}
        </Link>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? t.submitting : t.signIn.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
