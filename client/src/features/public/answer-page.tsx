import type { ReactNode } from 'react';
import { usePageTitle } from '#client/components/layout/page-title.tsx';
import { KeptCopyNotice } from '#client/features/offline/kept-copy-notice.tsx';
import type { KeptKind } from '#client/features/offline/kept-pages.ts';
import { OfflinePage } from '#client/features/offline/offline-page.tsx';
import { type PageQuery, useKeptAnswer } from '#client/features/offline/use-kept-answer.ts';
import { errorData } from '#client/lib/trpc.ts';
import { PublicNotFound } from './not-found.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * A public page made of one public answer (a product's, a lot's): the page named for it in the tab
 * (page-titles.ts), 'Đang tải' until it comes, "not found" for a bad id or the server's 404, and with no
 * network the copy kept from the last visit under its notice, or "Không có mạng" (decision 187).
 */
export function AnswerPage<T>({
  kind,
  id,
  valid,
  query,
  name,
  notFound,
  children,
}: {
  kind: KeptKind;
  id: number;
  /** Whether the address holds an id at all. */
  valid: boolean;
  query: PageQuery<T>;
  /** The page's name for the tab. */
  name: (answer: T) => string;
  notFound: { title: string; text: string };
  children: (answer: T) => ReactNode;
}) {
  const t = usePublicStrings().client;
  const kept = useKeptAnswer<T>(kind, id, query);
  const shown = query.data ?? kept.copy?.data;
  usePageTitle(shown ? { tab: name(shown) } : null);
  if (kept.copy) {
    return (
      <div className="flex flex-col gap-5">
        <KeptCopyNotice at={kept.copy.at} onRetry={kept.retry} />
        {children(kept.copy.data)}
      </div>
    );
  }
  if (kept.offline) return <OfflinePage onRetry={kept.retry} />;
  if (!valid || query.isError) {
    const status = errorData(query.error).httpStatus;
    return (
      <PublicNotFound
        title={notFound.title}
        text={!valid || status === 404 || status === 400 ? notFound.text : t.somethingWentWrong}
      />
    );
  }
  if (!query.data) return <p role="status">{t.loading}</p>;
  return children(query.data);
}
