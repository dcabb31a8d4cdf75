import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';

const t = vi.workspace.dashboard.firstSteps;

/** The new company's dashboard: no figures to chart yet, so the way to its first product and its QR. */
export function FirstSteps({ canAdd }: { canAdd: boolean }) {
  return (
    <section
      aria-labelledby="first-steps"
      className="flex flex-col gap-4 rounded-lg border border-primary/40 bg-primary-light/40 p-5"
    >
      <h2 id="first-steps" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <ol className="list-decimal space-y-1 ps-5 text-ink">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {canAdd ? (
        <Link
          href="/products/manage?new=1"
          className={`${buttonVariants({ variant: 'primary' })} self-start`}
        >
          {t.addFirst}
        </Link>
      ) : (
        <p className="text-sm text-ink-soft">{t.askAdmin}</p>
      )}
    </section>
  );
}
