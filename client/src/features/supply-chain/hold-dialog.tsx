import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import type { LotRef } from '#client/features/lots/recall-dialog.tsx';
import { serverErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const h = sc.hold;

/** A hold's reason, asked before the lot is kept back for a check (decision 200). */
export function HoldDialog({ lot, onClose }: { lot: LotRef | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hold = useMutation(
    trpc.lots.hold.mutationOptions({
      onSuccess: () => {
        toast.success(h.held);
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
    if (!reason.trim()) return setError(h.reasonRequired);
    setError(undefined);
    hold.mutate({ id: lot.id, version: lot.version, reason });
  };
  return (
    <Dialog
      open={lot !== null}
      onOpenChange={(o) => !o && onClose()}
      dirty={reason.trim() !== ''}
      title={lot ? h.confirmTitle(lot.code) : ''}
      description={h.confirmText}
      footer={
        <>
          <DialogCancel />
          <Button onClick={submit} disabled={hold.isPending}>
            {h.hold}
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
          label={h.reason}
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
