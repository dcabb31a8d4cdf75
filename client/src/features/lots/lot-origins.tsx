import { countryName } from '#shared/countries.ts';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import type { PublicStrings } from '#shared/i18n/public/vi.ts';
import type { PublicLotAnswer } from '#client/features/lots/types.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

type Lot = PublicLotAnswer['lot'];
type Origin = Lot['origins'][number];

/** "HTX Ea Tu · Đắk Lắk, Việt Nam": a supplier named only when the company lets it be (decision 200). */
function originText(o: Origin, t: PublicStrings['lot'], lang: PublicLanguage): string {
  const place = [o.province, countryName(o.country, lang)].filter(Boolean).join(', ');
  return [o.name ?? t.originUnnamed, place].filter(Boolean).join(' · ');
}

/**
 * Where the lot's goods came from, one step back (decision 200): its own suppliers, and the lots it was
 * made from with theirs. Never a quantity, a document or a customer: the answer carries none.
 */
export function LotOrigins({ lot }: { lot: Lot }) {
  const t = usePublicStrings().lot;
  const lang = useLanguage();
  // A copy the phone kept before this version (features/offline) has neither list.
  // The same supplier received from twice is said once.
  const distinct = (origins: Origin[]) => [...new Set(origins.map((o) => originText(o, t, lang)))];
  const own = distinct(lot.origins ?? []);
  const inputs = lot.inputs ?? [];
  if (!own.length && !inputs.length) return null;
  return (
    <section aria-labelledby="lot-origins-title" className="flex flex-col gap-3" data-testid="lot-origins">
      <h2 id="lot-origins-title" className="text-lg font-semibold text-ink">
        {t.originsTitle}
      </h2>
      <ul className="flex flex-col gap-3">
        {own.length > 0 && (
          <li className="rounded-lg border border-line p-3">
            <p className="text-sm font-medium text-ink-soft">{t.originsOfLot}</p>
            <ul className="mt-1 list-disc pl-5 text-ink">
              {own.map((text) => (
                <li key={text} className="break-words">
                  {text}
                </li>
              ))}
            </ul>
          </li>
        )}
        {inputs.map((input) => (
          <li key={input.code} className="rounded-lg border border-line p-3">
            <p className="font-medium break-words text-ink">{t.inputLot(input.productName, input.code)}</p>
            {input.origins.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm text-ink-soft">
                {distinct(input.origins).map((text) => (
                  <li key={text} className="break-words">
                    {text}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
