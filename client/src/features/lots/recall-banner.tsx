import { Link } from 'wouter';
import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { LotTranslation, Translations } from '#shared/translations.ts';
import { LocalText } from '#client/i18n/local-text.tsx';
import { useLocalize } from '#client/i18n/use-localize.ts';
import { formatDateIn } from '#shared/format-language.ts';
import { lotPath } from './paths.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

/** Red in both themes, with text that keeps its contrast on it (WCAG 2.2 AA). */
const RED =
  'rounded-lg border-2 border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50';

export interface RecallFacts {
  id: number;
  code: string;
  recalled: boolean;
  recalledAt: string | null;
  recallReason: string | null;
  /** Made from a recalled batch (decision 200): that batch's code and its recall's reason. */
  inputRecallCode?: string | null;
  inputRecallReason?: string | null;
  /** The lot's own text in other languages (its recall's reason, decision 211). */
  translations?: Translations<LotTranslation> | null;
}

/** A lot whose own recall or an input's the public must be told of first. */
export const isRecallNews = (lot: RecallFacts) => lot.recalled || Boolean(lot.inputRecallCode);

/**
 * 'Lô hàng này đã bị thu hồi', the reason and the date: shown first, above everything else, on the lot
 * page and on every scan of the lot's codes (decision 126). An alert, so a screen reader says it at once.
 */
export function RecallBanner({
  lot,
  languages,
}: {
  lot: RecallFacts;
  /** The company's published languages: the reason shows in the page's when it is one of them. */
  languages?: readonly TranslationLanguage[] | null;
}) {
  const t = usePublicStrings().lot;
  const lang = useLanguage();
  const reason = useLocalize(languages)(lot.recallReason, lot.translations, 'recallReason');
  if (!lot.recalled) return lot.inputRecallCode ? <InputRecallBanner lot={lot} /> : null;
  return (
    <section
      role="alert"
      aria-labelledby={`recall-${lot.id}`}
      className={`flex gap-3 p-4 ${RED}`}
      data-testid="recall-banner"
    >
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-red-700 text-lg font-bold text-white"
      >
        !
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={`recall-${lot.id}`} className="text-lg font-bold text-red-800 dark:text-red-100">
          {t.recallTitle}
        </h2>
        <p className="text-sm font-semibold text-red-950 dark:text-red-50">{t.recalledLot(lot.code)}</p>
        {lot.recallReason && (
          <p className="text-sm break-words text-red-950 dark:text-red-50">
            <span className="font-medium">{t.recallReason}:</span> <LocalText field={reason} />
          </p>
        )}
        {lot.recalledAt && (
          <p className="text-sm text-red-950 dark:text-red-50">
            <span className="font-medium">{t.recallDate}:</span>{' '}
            <time dateTime={lot.recalledAt}>{formatDateIn(lot.recalledAt, lang)}</time>
          </p>
        )}
        <p className="text-sm text-red-900 dark:text-red-100">{t.recallAdvice}</p>
      </div>
    </section>
  );
}

/**
 * 'Lô hàng này được làm từ một lô nguyên liệu đã bị thu hồi': a lot not recalled itself, made (however many
 * transformations away) from one that is (decision 200), with that lot's code and reason.
 */
function InputRecallBanner({ lot }: { lot: RecallFacts }) {
  const t = usePublicStrings().lot;
  return (
    <section
      role="alert"
      aria-labelledby={`input-recall-${lot.id}`}
      className={`flex gap-3 p-4 ${RED}`}
      data-testid="input-recall-banner"
    >
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-red-700 text-lg font-bold text-white"
      >
        !
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={`input-recall-${lot.id}`} className="text-lg font-bold text-red-800 dark:text-red-100">
          {t.inputRecallTitle}
        </h2>
        <p className="text-sm font-semibold text-red-950 dark:text-red-50">
          {t.inputRecalledLot(lot.inputRecallCode ?? '')}
        </p>
        {lot.inputRecallReason && (
          <p className="text-sm break-words text-red-950 dark:text-red-50">
            <span className="font-medium">{t.recallReason}:</span> {lot.inputRecallReason}
          </p>
        )}
        <p className="text-sm text-red-900 dark:text-red-100">{t.inputRecallAdvice}</p>
      </div>
    </section>
  );
}

/**
 * The product page's warning (decision 126): the lot of the scanned code first if it is recalled, then
 * the product's other recalled lots, each linking to its lot page.
 */
export function ProductRecalls({
  lot,
  recalledLots,
  languages,
}: {
  lot?: RecallFacts | null;
  recalledLots?: RecallFacts[];
  languages?: readonly TranslationLanguage[] | null;
}) {
  const t = usePublicStrings().lot;
  const others = (recalledLots ?? []).filter((l) => l.id !== lot?.id);
  const news = lot && isRecallNews(lot);
  if (!news && others.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {news && <RecallBanner lot={lot} languages={languages} />}
      {others.length > 0 && (
        <section aria-labelledby="recalled-lots-title" className={`p-4 ${RED}`} data-testid="recalled-lots">
          <h2 id="recalled-lots-title" className="mb-2 font-bold text-red-800 dark:text-red-100">
            {t.recalledLotsTitle}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {others.map((l) => (
              <li key={l.id}>
                <Link href={lotPath(l.id)} className="font-semibold text-red-950 dark:text-red-50 underline">
                  {t.recalledLot(l.code)}
                </Link>
                {l.recallReason && <span className="text-red-950 dark:text-red-50">: {l.recallReason}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
