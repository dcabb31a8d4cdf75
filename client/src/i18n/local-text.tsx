/**
 * A company's text on a shopper's page (decision 211): the field in the page's language, or its Vietnamese
 * text marked as such ("(Vietnamese)" said in the page's language) with `lang="vi"` on it, so a screen
 * reader reads it with Vietnamese's voice.
 */
import type { Localized } from '#shared/translations.ts';
import { usePublicStrings } from './language.tsx';

export function LocalText({ field }: { field: Localized }) {
  const marker = usePublicStrings().fallbackMarker;
  if (!field.vietnamese) return <>{field.text}</>;
  return (
    <>
      <span lang="vi">{field.text}</span>
      {marker && (
        <>
          {' '}
          <span className="text-xs font-normal text-ink-soft" data-testid="vietnamese-marker">
            {marker}
          </span>
        </>
      )}
    </>
  );
}
