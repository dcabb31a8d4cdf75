import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { CompanyProfileForm } from '#client/features/company/company-profile-form.tsx';
import { TermListEditor } from '#client/features/company/term-list-editor.tsx';
import { CompanyLanguages } from '#client/features/translations/company-languages.tsx';
import { CompanyTranslations } from '#client/features/translations/company-translations.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { vi } from '#shared/i18n/vi/index.ts';

const t = vi.workspace.company;

/**
 * '/company/settings/': the company's profile, the languages of its public pages and the profile's
 * translations (issue 33), and its categories, units and tags.
 */
export default function CompanySettingsPage() {
  const { state } = useSession();
  const companyId = state.currentUser?.companyId;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeading title={t.title} />
      {companyId == null ? (
        <p>{vi.errors.noCompany}</p>
      ) : (
        <>
          <CompanyProfileForm companyId={companyId} />
          <CompanyLanguages companyId={companyId} />
          <div className="rounded-lg border border-line bg-surface p-5">
            <CompanyTranslations companyId={companyId} />
          </div>
          <section
            aria-labelledby="lists-title"
            className="flex flex-col gap-5 rounded-lg border border-line bg-surface p-5"
          >
            <div>
              <h2 id="lists-title" className="text-lg font-semibold text-ink">
                {t.lists}
              </h2>
              <p className="text-sm text-ink-soft">{t.listsHint}</p>
            </div>
            <TermListEditor kind="categories" title={t.categories} />
            <TermListEditor kind="units" title={t.units} />
            <TermListEditor kind="tags" title={t.tags} />
          </section>
        </>
      )}
    </div>
  );
}
