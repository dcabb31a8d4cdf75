import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '#client/lib/trpc.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { translationsWorkspace as t } from '#shared/i18n/vi/translations-workspace.ts';
import type { ProductTranslation, StepTranslations, Translations } from '#shared/translations.ts';
import {
  fieldsOut,
  listToText,
  type SavedTranslation,
  stepsOut,
  type TranslatedField,
  type TranslatedStep,
  textToList,
} from './model.ts';
import { TranslationEditor } from './translation-editor.tsx';
import { usePublished } from './use-published.ts';

const p = vi.workspace.products;

/** What of a product the editor needs: its Vietnamese text, its saved timeline and its translations. */
export interface TranslatableProduct {
  id: number;
  companyId: number;
  name: string;
  origin: string | null;
  category: string | null;
  unit: string | null;
  shelf_life: string | null;
  tags: string[];
  trackings: TranslatedStep[];
  translations: Translations<ProductTranslation>;
}

const fieldsOf = (product: TranslatableProduct): TranslatedField[] => [
  { key: 'name', label: p.name, vietnamese: product.name, maxLength: 200 },
  { key: 'origin', label: p.origin, vietnamese: product.origin ?? '', maxLength: 300 },
  { key: 'category', label: p.category, vietnamese: product.category ?? '', maxLength: 100 },
  { key: 'unit', label: p.unit, vietnamese: product.unit ?? '', maxLength: 50 },
  {
    key: 'shelf_life',
    label: vi.lots.dataset.shelfLife,
    vietnamese: product.shelf_life ?? '',
    maxLength: 100,
  },
  {
    key: 'tags',
    label: vi.workspace.company.tags,
    vietnamese: listToText(product.tags),
    maxLength: 30 * 52,
    hint: t.tagsHint,
  },
];

function savedOf(translations: Translations<ProductTranslation>): Translations<SavedTranslation> {
  const out: Translations<SavedTranslation> = {};
  for (const [lang, own] of Object.entries(translations) as [
    keyof typeof translations,
    ProductTranslation,
  ][]) {
    const { steps, tags, ...fields } = own;
    out[lang] = { fields: { ...fields, tags: tags?.length ? listToText(tags) : undefined }, steps };
  }
  return out;
}

/** A product's translations, saved with products.putTranslation; `steps` are its saved timeline's. */
export function ProductTranslations({
  product,
  title = t.productTitle,
  onDirtyChange,
}: {
  product: TranslatableProduct;
  /** The editor's heading: the dialog that holds it is already titled, and names the product here instead. */
  title?: string;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const published = usePublished(product.companyId);
  const put = useMutation(trpc.products.putTranslation.mutationOptions());
  const remove = useMutation(trpc.products.deleteTranslation.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
  return (
    <TranslationEditor
      title={title}
      fields={fieldsOf(product)}
      steps={product.trackings}
      saved={savedOf(product.translations ?? {})}
      published={published}
      onDirtyChange={onDirtyChange}
      onSave={async (lang, draft) => {
        const { tags, ...fields } = fieldsOut(draft);
        const steps: StepTranslations = stepsOut(product.trackings, draft);
        const translation: ProductTranslation = {
          ...fields,
          ...(tags ? { tags: textToList(tags) } : {}),
          ...(Object.keys(steps).length ? { steps } : {}),
        };
        await put.mutateAsync({ id: product.id, lang, translation });
        await refresh();
      }}
      onRemove={async (lang) => {
        await remove.mutateAsync({ id: product.id, lang });
        await refresh();
      }}
    />
  );
}
