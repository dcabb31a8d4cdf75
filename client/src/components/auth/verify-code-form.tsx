/**
 * The 6-digit e-mail code with a resend button and its 60-second countdown. Used by sign-up (step 3)
 * and by the activate-account screen (which also lets the user type the e-mail).
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { RESEND_INTERVAL_SECONDS } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { emailOnlyInput, verifyEmailInput } from '#shared/schemas/auth.ts';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { setSignUpEmail } from '#client/lib/storage.ts';
import { NEXT_PAGE } from '#client/lib/toasts.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';

const t = vi.authScreens;

export function VerifyCodeForm({
  initialEmail,
  editableEmail,
  resendWait,
}: {
  initialEmail: string;
  editableEmail: boolean;
  /** Seconds before the first resend (a code was just sent). */
  resendWait: number;
}) {
  const trpc = useTRPC();
  const { signIn } = useSession();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The resend button waits until `until`; `now` ticks once a second while it does.
  const [until, setUntil] = useState(() => Date.now() + resendWait * 1000);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const startCountdown = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };

  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      onSuccess: (data) => {
        toast.success(t.verify.verified, NEXT_PAGE);
        signIn(data.session, data.user);
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );
  const resend = useMutation(
    trpc.auth.resendVerifyCode.mutationOptions({
      onSuccess: () => {
        toast.success(t.verify.resent);
        startCountdown(RESEND_INTERVAL_SECONDS);
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = verifyEmailInput.safeParse({ email, code });
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    setErrors({});
    setSignUpEmail(parsed.data.email);
    verify.mutate(parsed.data);
  };
  const onResend = () => {
    const parsed = emailOnlyInput.safeParse({ email });
    if (!parsed.success) return setErrors(zodErrors(parsed.error));
    resend.mutate(parsed.data);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {editableEmail ? (
        <Field
          label={t.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
      ) : (
        <p className="text-sm text-ink-soft">{t.verify.text(email)}</p>
      )}
      <Field
        label={t.verify.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={errors.code}
        autoFocus={!editableEmail}
      />
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? t.submitting : t.verify.submit}
      </Button>
      <Button variant="outline" onClick={onResend} disabled={left > 0 || resend.isPending}>
        {left > 0 ? t.verify.resendIn(left) : t.verify.resend}
      </Button>
    </form>
  );
}
