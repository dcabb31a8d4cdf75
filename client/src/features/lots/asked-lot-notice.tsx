import { useSearch } from 'wouter';
import { isValidLotCode } from '#shared/gs1/identifiers.ts';
import { ASKED_LOT_PARAM } from '#shared/public-paths.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * Above a product page reached by a Digital Link naming a lot the product does not have (decision 184):
 * the page is the product's, and says so, rather than passing for the lot's. The lot comes in the
 * address (`?lot=`), which the server checked: a known lot's address is sent on to its lot page, so the
 * server's first view and the app's page draw this from the same address.
 */
export function AskedLotNotice() {
  const t = usePublicStrings().lot;
  const lot = new URLSearchParams(useSearch()).get(ASKED_LOT_PARAM);
  if (lot === null || !isValidLotCode(lot)) return null;
  return (
    <p
      role="status"
      className="mx-auto mb-5 w-full max-w-2xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      {t.askedLotUnknown(lot)}
    </p>
  );
}
