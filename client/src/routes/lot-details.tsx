import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { LotPageView } from '#client/features/lots/lot-page-view.tsx';
import { usePageTitle } from '#client/components/layout/page-title.tsx';
import { PublicNotFound } from '#client/features/public/not-found.tsx';
import { lotPageName } from '#client/features/public/page-titles.ts';
import { errorData, useTRPC } from '#client/lib/trpc.ts';

const t = vi.lots.publicPage;

/**
 * '/lots/:id': the public page of a lot (decision 126), LotPageView over the lot's public answer (which
 * the server may already have put in the page, server/http/first-view.ts).
 */
export default function LotDetailsPage() {
  const trpc = useTRPC();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useQuery(
    trpc.lots.publicById.queryOptions({ id }, { enabled: valid, trpc: { context: { silent: true } } }),
  );
  usePageTitle(answer.data ? { tab: lotPageName(answer.data.lot, answer.data.product) } : null);
  if (!valid || answer.isError) {
    const status = errorData(answer.error).httpStatus;
    return (
      <PublicNotFound
        title={t.notFoundTitle}
        text={!valid || status === 404 || status === 400 ? t.notFoundText : vi.client.somethingWentWrong}
      />
    );
  }
  if (!answer.data) return <p role="status">{vi.client.loading}</p>;
  return <LotPageView lot={answer.data.lot} product={answer.data.product} />;
}
