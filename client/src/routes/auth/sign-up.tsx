/**
 * Sign-up in three steps: 1 business or not ('Có' / 'Không'); 2 the account (and the company for a
 * business) with the terms; 3 the mailed 6-digit code. Verifying signs the user in, and the auth
 * guard then sends them on.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { RESEND_INTERVAL_SECONDS } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { registerInput } from '#shared/schemas/auth.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { TermsDialog } from '#client/components/auth/terms-dialog.tsx';
import { VerifyCodeForm } from '#client/components/auth/verify-code-form.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, FieldError } from '#client/components/ui/field.tsx';
import { type FieldErrors, serverErrors, zodErrors } from '#client/lib/form-errors.ts';
import { getSignUpEmail, setSignUpEmail } from '#client/lib/storage.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.authScreens;
const s = t.signUp;

const EMPTY = {
  name: '',
  email: '',
  password: '',
  confirm: '',
  'company.name': '',
  'company.representative': '',
  'company.address': '',
  'company.email': '',
  'company.business_license': '',
};
type Values = typeof EMPTY;

function StepBusiness({
  isBusiness,
  onChange,
  onNext,
}: {
  isBusiness: boolean | null;
  onChange: (v: boolean) => void;
  onNext: () => void;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold text-ink">{s.isBusiness}</legend>
        {[
          { value: true, label: s.yes },
          { value: false, label: s.no },
        ].map((o) => (
          <label
            key={o.label}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line px-4 has-[:checked]:border-primary has-[:checked]:bg-primary-light"
          >
            <input
              type="radio"
              name="isBusiness"
              className="h-4 w-4 accent-primary"
              checked={isBusiness === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="lg" disabled={isBusiness === null}>
        {s.next}
      </Button>
    </form>
  );
}

export default function SignUpPage() {
  const trpc = useTRPC();
  const { dispatch } = useSession();
  const [step, setStep] = useState(0);
  // '?business=1' (the landing page's link for businesses) starts with "business" picked.
  const [isBusiness, setIsBusiness] = useState<boolean | null>(() =>
    new URLSearchParams(window.location.search).has('business') ? true : null,
  );
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, email: getSignUpEmail() }));
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [registeredEmail, setRegisteredEmail] = useState('');

  const goTo = (n: number) => {
    setStep(n);
    dispatch({ type: 'ONBOARDING_STEP', step: n });
  };

  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (data) => {
        setSignUpEmail(data.user.email);
        setRegisteredEmail(data.user.email);
        goTo(2);
      },
      onError: (err) => setErrors(serverErrors(err)),
    }),
  );

  const bind = (key: keyof Values) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const company = isBusiness
      ? {
          name: values['company.name'],
          representative: values['company.representative'],
          address: values['company.address'],
          email: values['company.email'],
          business_license: values['company.business_license'],
        }
      : undefined;
    const payload = {
      name: values.name,
      email: values.email,
      password: values.password,
      isBusiness: !!isBusiness,
      company,
    };
    const parsed = registerInput.safeParse(payload);
    const found = parsed.success ? {} : zodErrors(parsed.error);
    if (values.password !== values.confirm) found.confirm ??= vi.validation.passwordsDiffer;
    if (!accepted) found.accept = s.mustAccept;
    if (!parsed.success || Object.keys(found).length) return setErrors(found);
    setErrors({});
    dispatch({
      type: 'USER_ROLE_INFO',
      info: { email: parsed.data.email, isBusiness: isBusiness ? 'yes' : 'no' },
    });
    register.mutate(parsed.data);
  };

  return (
    <AuthCard
      title={step === 2 ? t.verify.title : s.title}
      subtitle={
        <span>
          {s.step(step + 1, 3)} · {s.steps[step]}
        </span>
      }
    >
      {step === 0 && <StepBusiness isBusiness={isBusiness} onChange={setIsBusiness} onNext={() => goTo(1)} />}
      {step === 1 && (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <h2 className="font-semibold text-ink">{s.account}</h2>
          <Field label={t.name} autoComplete="name" {...bind('name')} />
          <Field label={t.email} type="email" autoComplete="email" {...bind('email')} />
          <Field label={t.password} type="password" autoComplete="new-password" {...bind('password')} />
          <Field label={t.confirmPassword} type="password" autoComplete="new-password" {...bind('confirm')} />
          {isBusiness && (
            <>
              <h2 className="mt-2 font-semibold text-ink">{s.company}</h2>
              <FieldError message={errors.company} />
              <Field label={s.companyName} autoComplete="organization" {...bind('company.name')} />
              <Field label={s.representative} {...bind('company.representative')} />
              <Field label={s.address} autoComplete="street-address" {...bind('company.address')} />
              <Field label={s.companyEmail} type="email" {...bind('company.email')} />
              <Field label={s.businessLicense} {...bind('company.business_license')} />
            </>
          )}
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-2 text-sm">
              <input
                id="accept-terms"
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                aria-invalid={errors.accept ? true : undefined}
                aria-describedby={errors.accept ? 'accept-terms-error' : undefined}
              />
              <label htmlFor="accept-terms">{s.acceptTerms}</label>
              <TermsDialog />
            </div>
            <FieldError id="accept-terms-error" message={errors.accept} />
          </div>
          <div className="flex gap-3">
            <Button variant="outline" size="lg" onClick={() => goTo(0)}>
              {s.back}
            </Button>
            <Button type="submit" size="lg" className="flex-1" disabled={register.isPending}>
              {register.isPending ? t.submitting : s.submit}
            </Button>
          </div>
        </form>
      )}
      {step === 2 && (
        <VerifyCodeForm
          initialEmail={registeredEmail}
          editableEmail={false}
          resendWait={RESEND_INTERVAL_SECONDS}
        />
      )}
      {step < 2 && (
        <p className="text-center text-sm text-ink-soft">
          {s.haveAccount}{' '}
          <Link href="/auth/sign-in" className="font-semibold text-primary hover:underline">
            {s.signIn}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
