/**
 * A product's translations in a dialog of their own, opened from the product's menu (decision 213): the
 * editor has its own save per language, so beside the product's form it made two "Lưu" in one dialog and two
 * fields named like each Vietnamese field. Closing with unsaved translations asks first, as the form does.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { translationsWorkspace as t } from '#shared/i18n/vi/translations-workspace.ts';
import { ProductTranslations } from './product-translations.tsx';

export function ProductTranslationsDialog({
  productId,
  onClose,
}: {
  /** The product whose translations are open; null when the dialog is closed. */
  productId: number | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const open = productId !== null;
  const detail = useQuery({ ...trpc.products.get.queryOptions({ id: productId ?? 0 }), enabled: open });
  const [dirty, setDirty] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setDirty(false);
        onClose();
      }}
      dirty={dirty}
      title={t.productTitle}
      footer={<DialogCancel label={t.close} />}
    >
      {detail.data ? (
        <ProductTranslations product={detail.data} title={detail.data.name} onDirtyChange={setDirty} />
      ) : detail.isError ? (
        <LoadFailed onRetry={() => void detail.refetch()} />
      ) : null}
    </Dialog>
  );
}
