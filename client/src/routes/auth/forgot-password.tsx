import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { emailOnlyInput } from '#shared/schemas/auth.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { getSignUpEmail } from '#client/lib/storage.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.authScreens.forgot;

/** Asks for the reset link; the answer is the same whether or not the e-mail has an account. */
export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState(getSignUpEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const forgot = useMutation(
    trpc.auth.forgotPassword.mutationOptions({ onError: (err) => setErrors(serverErrors(err)) }),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailOnlyInput.safeParse({ email });
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    forgot.mutate(parsed.data);
  };

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      {forgot.isSuccess ? (
        <p role="status" className="rounded-lg bg-primary-light p-4 text-sm text-primary-dark">
          {t.sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field
            label={vi.authScreens.email}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Button type="submit" size="lg" disabled={forgot.isPending}>
            {forgot.isPending ? vi.authScreens.submitting : t.submit}
          </Button>
        </form>
      )}
      <Link href="/auth/sign-in" className="text-center text-sm font-medium text-primary hover:underline">
        {t.backToSignIn}
      </Link>
    </AuthCard>
  );
}
