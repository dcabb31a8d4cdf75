import * as A from '@radix-ui/react-alert-dialog';
import { vi } from '#shared/i18n/vi/index.ts';
import { buttonVariants } from './button.tsx';
import { useReturnFocus } from './use-return-focus.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  /** The confirming button's text ('Xóa', 'Khôi phục'...). */
  confirmLabel: string;
  onConfirm: () => void;
  /** Red confirming button for what cannot be undone. */
  danger?: boolean;
  busy?: boolean;
  /** The button that backs out, 'Hủy' unless told. */
  cancelLabel?: string;
}

/**
 * Asks before an action: the cancel button has the focus, so Enter never deletes by accident; on
 * closing, focus goes back to what opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  danger = true,
  busy = false,
  cancelLabel = vi.workspace.common.cancel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        {/* Above a dialog it may be asked from (the unsaved-changes question): its own layer, dimmed. */}
        <A.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <A.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-[70] w-[min(420px,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-5 shadow-xl"
        >
          <A.Title className="text-lg font-semibold text-ink">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-ink-soft">{message}</A.Description>
          <div className="mt-5 flex justify-end gap-2">
            <A.Cancel className={buttonVariants({ variant: 'outline' })}>{cancelLabel}</A.Cancel>
            <A.Action
              className={buttonVariants({ variant: danger ? 'danger' : 'primary' })}
              disabled={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
