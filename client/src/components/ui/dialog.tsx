import * as D from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { type ReactNode, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Icon } from './icon.tsx';
import { useReturnFocus } from './use-return-focus.ts';

const panel = cva(
  'fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl focus:outline-none',
  {
    variants: { size: { sm: 'w-[min(440px,94vw)]', md: 'w-[min(640px,94vw)]', lg: 'w-[min(960px,96vw)]' } },
    defaultVariants: { size: 'md' },
  },
);

export interface DialogProps extends VariantProps<typeof panel> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Buttons under the scrolling body (Lưu, `<DialogCancel />`...). */
  footer?: ReactNode;
  /**
   * Something typed or picked is not saved yet: closing (Escape, a click outside, ✕, 'Hủy') first asks
   * whether to drop it. A save closes through `onOpenChange(false)` directly, without asking.
   */
  dirty?: boolean;
}

/**
 * A modal with a title, a close button, a scrolling body and a fixed footer. Focus goes back to what
 * opened it when it closes.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size,
  dirty,
}: DialogProps) {
  const [asking, setAsking] = useState(false);
  const returnFocus = useReturnFocus(open);
  const request = (next: boolean) => {
    if (!next && dirty) setAsking(true);
    else onOpenChange(next);
  };
  return (
    <D.Root open={open} onOpenChange={request}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/40" />
        {/* Without a description Radix is told so explicitly (aria-describedby undefined). */}
        <D.Content
          className={panel({ size })}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
            <D.Title className="text-lg font-semibold text-ink">{title}</D.Title>
            <D.Close aria-label={vi.client.close} className="rounded-lg p-2 hover:bg-soft">
              <Icon name="close" className="h-5 w-5" />
            </D.Close>
          </div>
          {description ? (
            <D.Description className="px-5 pt-3 text-sm text-ink-soft">{description}</D.Description>
          ) : null}
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className={cn('flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3')}>
              {footer}
            </div>
          )}
        </D.Content>
      </D.Portal>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={vi.client.discardTitle}
        message={vi.client.discardMessage}
        cancelLabel={vi.client.keepEditing}
        confirmLabel={vi.client.discard}
        onConfirm={() => onOpenChange(false)}
      />
    </D.Root>
  );
}

/**
 * The footer's 'Hủy' (or another word for closing, such as 'Đóng'): closes the dialog the way ✕ and Escape
 * do, so unsaved changes are asked about.
 */
export function DialogCancel({ disabled, label }: { disabled?: boolean; label?: string }) {
  return (
    <D.Close asChild>
      <Button variant="outline" disabled={disabled}>
        {label ?? vi.workspace.common.cancel}
      </Button>
    </D.Close>
  );
}
