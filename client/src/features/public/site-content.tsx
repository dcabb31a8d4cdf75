import { useQuery } from '@tanstack/react-query';
import type { DocumentKey } from '#shared/constants.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { RICH_TEXT_CLASS } from './rich-text.ts';

/**
 * The sections of a site document (home page or terms) in order. Titles are text; bodies are rich
 * text that the server cleaned to an allow-list of tags and attributes before storing it
 * (server/services/documents/sanitize.ts), so they are rendered as HTML here.
 */
export function SiteContent({ docKey }: { docKey: DocumentKey }) {
  const trpc = useTRPC();
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
        <section key={s.id} className="rounded-lg border border-line bg-surface p-4">
          <h2 className="text-lg font-semibold text-ink">{s.title}</h2>
          {s.subtitle && <p className="text-sm text-ink-soft">{s.subtitle}</p>}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server before storage */}
          <div className={`mt-2 text-ink ${RICH_TEXT_CLASS}`} dangerouslySetInnerHTML={{ __html: s.body }} />
        </section>
      ))}
    </div>
  );
}
