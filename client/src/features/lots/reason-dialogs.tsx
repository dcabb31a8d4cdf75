import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { serverErrors } from '#client/lib/form-errors.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.lots.workspace;
const h = sc.hold;

/** The lot a recall or a hold is asked for: which one, and the version the page read. */
export interface LotRef {
  id: number;
  code: string;
  version: number;
}

/** What a recall and a hold each ask and say: both are a lot and a reason (decisions 126, 200). */
const KINDS = {
  recall: {
    title: t.recallConfirmTitle,
    text: t.recallConfirmText,
    label: t.recallReason,
    action: t.recall,
    required: vi.lots.recallReasonRequired,
    done: vi.lots.recalled,
    variant: 'danger',
  },
  hold: {
    title: h.confirmTitle,
    text: h.confirmText,
    label: h.reason,
    action: h.hold,
    required: h.reasonRequired,
    done: h.held,
    variant: undefined,
  },
} as const;

/**
 * The reason asked before a lot is recalled (decision 126: the lots made from it are marked and held by the
 * server, decision 200) or held for a check (decision 200); the lots list and a lot's own page both ask it.
 */
function LotReasonDialog({
  kind,
  lot,
  onClose,
}: {
  kind: keyof typeof KINDS;
  lot: LotRef | null;
  onClose: () => void;
}) {
  const words = KINDS[kind];
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handlers = {
    onSuccess: () => {
      toast.success(words.done);
      void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
      setReason('');
      onClose();
    },
    onError: (err: unknown) => setError(serverErrors(err).reason),
  };
  const recall = useMutation(trpc.lots.recall.mutationOptions(handlers));
  const hold = useMutation(trpc.lots.hold.mutationOptions(handlers));
  const saving = kind === 'recall' ? recall : hold;
  const submit = () => {
    if (!lot) return;
    if (!reason.trim()) return setError(words.required);
    setError(undefined);
    saving.mutate({ id: lot.id, version: lot.version, reason });
  };
  return (
    <Dialog
      open={lot !== null}
      onOpenChange={(o) => !o && onClose()}
      dirty={reason.trim() !== ''}
      title={lot ? words.title(lot.code) : ''}
      description={words.text}
      footer={
        <>
          <DialogCancel />
          <Button variant={words.variant} onClick={submit} disabled={saving.isPending}>
            {words.action}
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
          label={words.label}
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

export const RecallDialog = (props: { lot: LotRef | null; onClose: () => void }) => (
  <LotReasonDialog kind="recall" {...props} />
);
export const HoldDialog = (props: { lot: LotRef | null; onClose: () => void }) => (
  <LotReasonDialog kind="hold" {...props} />
);
