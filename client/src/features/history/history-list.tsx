import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { lotPath } from '#client/features/lots/paths.ts';
import { formatDateIn } from '#shared/format-language.ts';
import { ProductCard } from '#client/features/public/product-card.tsx';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { type LocalNames, namesIn } from './local-names.ts';

export interface HistoryItem {
  productId: number;
  name: string;
  image: string | null;
  companyName: string;
  scannedAt: string;
  /** A visitor's entry: the names in the languages its company publishes (local-names.ts). */
  names?: LocalNames;
  /** The lot the scan named (decision 184): the entry opens its page and marks its recall. */
  lot: { id: number; code: string; recalled: boolean } | null;
}

/** The lot of an entry, and "Đã thu hồi" in red when it is recalled (in words, not by colour alone). */
function LotMark({ lot }: { lot: NonNullable<HistoryItem['lot']> }) {
  const t = usePublicStrings().history;
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-sm text-ink">
      {t.lot(lot.code)}
      {lot.recalled && (
        <span
          data-testid="history-recalled"
          className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {t.lotRecalled}
        </span>
      )}
    </span>
  );
}

/** The scanned products, newest first, or the way to the scanner when there are none. */
export function HistoryList({
  items,
  loading,
  failed,
  onRetry,
}: {
  items: HistoryItem[];
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const t = usePublicStrings().history;
  const lang = useLanguage();
  const loadingText = usePublicStrings().client.loading;
  if (failed) return <LoadFailed onRetry={onRetry} />;
  if (loading) return <p role="status">{loadingText}</p>;
  if (!items.length) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line p-4">
        <p className="text-ink-soft">{t.empty}</p>
        <Link href="/scan-qr" className={buttonVariants({ variant: 'primary' })}>
          {t.scanNow}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="scan-history">
      {items.map((item) => {
        const names = namesIn(item, lang);
        return (
          <li key={item.productId}>
            <ProductCard
              id={item.productId}
              name={<LocalText field={names.name} />}
              image={item.image}
              line={<LocalText field={names.companyName} />}
              extra={t.scannedAt(formatDateIn(item.scannedAt, lang))}
              href={item.lot ? lotPath(item.lot.id) : undefined}
              mark={item.lot && <LotMark lot={item.lot} />}
            />
          </li>
        );
      })}
    </ul>
  );
}
