import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { nameIn } from '#shared/translations.ts';
import { LotPageView } from '#client/features/lots/lot-page-view.tsx';
import { AnswerPage } from '#client/features/public/answer-page.tsx';
import { lotPageName } from '#client/features/public/page-titles.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

/**
 * '/lots/:id': the public page of a lot (decision 126), LotPageView over the lot's public answer (which
 * the server may already have put in the page, server/http/first-view.ts); with no network, its kept
 * copy (AnswerPage).
 */
export default function LotDetailsPage() {
  const s = usePublicStrings();
  const lang = useLanguage();
  const trpc = useTRPC();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useQuery(
    trpc.lots.publicById.queryOptions({ id }, { enabled: valid, trpc: { context: { silent: true } } }),
  );
  return (
    <AnswerPage
      kind="lot"
      id={id}
      valid={valid}
      query={answer}
      name={(a) =>
        lotPageName(
          a.lot,
          {
            name: nameIn(a.product, lang),
          },
          s,
        )
      }
      notFound={{ title: s.lot.notFoundTitle, text: s.lot.notFoundText }}
    >
      {(a) => <LotPageView lot={a.lot} product={a.product} />}
    </AnswerPage>
  );
}
