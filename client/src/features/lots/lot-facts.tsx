import { Link } from 'wouter';
import { formatDateIn } from '#shared/format-language.ts';
import { lotPath } from './paths.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

export interface LotDates {
  id: number;
  code: string;
  productionDate: string | null;
  expiryDate: string | null;
  expiryKind: 'EXPIRY' | 'BEST_BEFORE';
}

function Row({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right font-medium text-ink">{value}</dd>
    </div>
  );
}

/** A lot's code and dates, as a list of facts. */
export function LotFacts({ lot }: { lot: LotDates }) {
  const t = usePublicStrings().lot;
  const lang = useLanguage();
  return (
    <dl className="rounded-lg border border-line bg-surface px-4 py-1 text-sm">
      <Row label={t.lotCode} value={lot.code} />
      <Row label={t.productionDate} value={lot.productionDate && formatDateIn(lot.productionDate, lang)} />
      <Row
        label={t.expiryKinds[lot.expiryKind]}
        value={lot.expiryDate && formatDateIn(lot.expiryDate, lang)}
      />
    </dl>
  );
}

/** On the product page opened by a lot's code: which lot it is, and the way to its own page. */
export function ScannedLot({ lot }: { lot: LotDates }) {
  const t = usePublicStrings().lot;
  return (
    <section aria-labelledby="scanned-lot-title" className="flex flex-col gap-2">
      <h2 id="scanned-lot-title" className="font-semibold text-ink">
        {t.lotFacts}
      </h2>
      <LotFacts lot={lot} />
      <Link href={lotPath(lot.id)} className="self-start text-sm font-medium text-primary underline">
        {t.lotJourney}
      </Link>
    </section>
  );
}
