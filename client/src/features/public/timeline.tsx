import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { StepTranslations, Translations } from '#shared/translations.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { useLocalizeStep } from '#client/i18n/use-localize.ts';
import { formatDateIn } from '#shared/format-language.ts';
import type { PublicProduct } from './types.ts';

/** A timeline step, a product's tracking entry or a lot's event: what a shopper reads of it. */
export type TimelineStep = Pick<
  PublicProduct['trackings'][number],
  'id' | 'date' | 'activity' | 'location' | 'description'
>;

/**
 * A journey's steps in `lang`, each field its translation or its Vietnamese text marked (decision 211);
 * `translations`: the product's (or the lot's), which keep their steps' by id; `languages`: the company's published.
 */
export function TimelineSteps({
  steps,
  translations,
  languages,
  testId,
}: {
  steps: readonly TimelineStep[];
  translations: Translations<{ steps?: StepTranslations }> | null | undefined;
  languages: readonly TranslationLanguage[] | null | undefined;
  testId: string;
}) {
  const lang = useLanguage();
  const inLanguage = useLocalizeStep(languages);
  return (
    <ol className="relative ml-2 border-l-2 border-primary/40" data-testid={testId}>
      {steps.map((e) => {
        const field = (name: 'activity' | 'location' | 'description') => inLanguage(e, translations, name);
        const location = field('location');
        const description = field('description');
        return (
          <li key={e.id} className="relative mb-5 pl-5 last:mb-0">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[7px] h-3 w-3 rounded-full bg-primary"
            />
            <p className="text-xs font-medium text-ink-soft">
              <time dateTime={e.date}>{formatDateIn(e.date, lang)}</time>
              {location.text && (
                <>
                  {' · '}
                  <LocalText field={location} />
                </>
              )}
            </p>
            <h3 className="font-semibold text-ink">
              <LocalText field={field('activity')} />
            </h3>
            {description.text && (
              <p className="text-sm whitespace-pre-line text-ink-soft">
                <LocalText field={description} />
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** 'Hành trình sản phẩm': the tracking entries in the company's order, as a vertical line of steps. */
export function Timeline({
  product,
}: {
  product: Pick<PublicProduct, 'trackings' | 'translations' | 'languages'>;
}) {
  const t = usePublicStrings().product;
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
      <h2 id="timeline-title" className="text-lg font-semibold text-ink">
        {t.timeline}
      </h2>
      {product.trackings.length === 0 ? (
        <p className="text-sm text-ink-soft">{t.timelineEmpty}</p>
      ) : (
        <TimelineSteps
          steps={product.trackings}
          translations={product.translations}
          languages={product.languages}
          testId="timeline"
        />
      )}
    </section>
  );
}
