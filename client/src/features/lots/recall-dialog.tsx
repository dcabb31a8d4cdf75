import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { serverErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.lots.workspace;

/** The lot a recall or a hold is asked for: which one, and the version the page read. */
export interface LotRef {
  id: number;
  code: string;
  version: number;
}

/**
 * The recall's reason, asked before the lot is recalled (decision 126); the lots list and a lot's own page
 * both ask it. The lots made from it are marked and held by the server (decision 200).
 */
export function RecallDialog({ lot, onClose }: { lot: LotRef | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const recall = useMutation(
    trpc.lots.recall.mutationOptions({
      onSuccess: () => {
        toast.success(vi.lots.recalled);
        void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
        setReason('');
        onClose();
      },
      onError: (err) => setError(serverErrors(err).reason),
    }),
  );
  const submit = () => {
    if (!lot) return;
    if (!reason.trim()) return setError(vi.lots.recallReasonRequired);
    setError(undefined);
    recall.mutate({ id: lot.id, version: lot.version, reason });
  };
  return (
    <Dialog
      open={lot !== null}
      onOpenChange={(o) => !o && onClose()}
      dirty={reason.trim() !== ''}
      title={lot ? t.recallConfirmTitle(lot.code) : ''}
      description={t.recallConfirmText}
      footer={
        <>
          <DialogCancel />
          <Button variant="danger" onClick={submit} disabled={recall.isPending}>
            {t.recall}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextareaField
          label={t.recallReason}
          value={reason}
          required
          maxLength={1000}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
