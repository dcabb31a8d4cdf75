import { useQuery } from '@tanstack/react-query';
import type { DocumentKey } from '#shared/constants.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { RICH_TEXT_CLASS } from './rich-text.ts';

/**
 * The sections of a site document (home page or terms) in order. Titles are text; bodies are rich
 * text that the server cleaned to an allow-list of tags and attributes before storing it
 * (server/services/documents/sanitize.ts), so they are rendered as HTML here.
 *
 * The documents are the site's, written in Vietnamese by its administrators, with no translations
 * (decision 229): on a page in another language each section carries `lang="vi"` and its title the
 * page's "(Vietnamese)" marker, as a company's untranslated field does (LocalText).
 */
export function SiteContent({ docKey }: { docKey: DocumentKey }) {
  const trpc = useTRPC();
  const lang = useLanguage();
  const foreign = lang !== 'vi';
  const marker = usePublicStrings().fallbackMarker;
  const sections = useQuery(
    trpc.documents.list.queryOptions(
      { key: docKey },
      { staleTime: 5 * 60_000, trpc: { context: { silent: true } } },
    ),
  );
  if (!sections.data?.length) return null;
  return (
    <div className="flex flex-col gap-4" data-testid={`site-content-${docKey}`}>
      {sections.data.map((s) => (
        <section
          key={s.id}
          lang={foreign ? 'vi' : undefined}
          className="rounded-lg border border-line bg-surface p-4"
        >
          <h2 className="text-lg font-semibold text-ink">
            {s.title}
            {foreign && marker && ' '}
            {foreign && marker && (
              <span lang={lang} data-testid="vietnamese-marker" className="text-xs font-normal text-ink-soft">
                {marker}
              </span>
            )}
          </h2>
          {s.subtitle && <p className="text-sm text-ink-soft">{s.subtitle}</p>}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server before storage */}
          <div className={`mt-2 text-ink ${RICH_TEXT_CLASS}`} dangerouslySetInnerHTML={{ __html: s.body }} />
        </section>
      ))}
    </div>
  );
}
