import { vi } from '#shared/i18n/vi/index.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { VerifyCodeForm } from '#client/components/auth/verify-code-form.tsx';
import { getSignUpEmail } from '#client/lib/storage.ts';

/** E-mail and the mailed code; for accounts that signed up earlier and did not finish. */
export default function ActivateAccountPage() {
  return (
    <AuthCard title={vi.authScreens.activate.title} subtitle={vi.authScreens.activate.subtitle}>
      <VerifyCodeForm initialEmail={getSignUpEmail()} editableEmail resendWait={0} />
    </AuthCard>
  );
}
