import * as M from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';
import { Button, buttonVariants } from './button.tsx';
import { Icon } from './icon.tsx';

/** One thing a list row lets you do: a button (`onSelect`) or a download link (`href`). */
export interface RowAction {
  label: string;
  /** A longer accessible name where the label alone is ambiguous in a list ('Sửa Cà phê'). */
  ariaLabel?: string;
  onSelect?: () => void;
  href?: string;
  /** The file name for a download link. */
  download?: string;
  /** Red: it deletes something. */
  danger?: boolean;
}

/**
 * The row's actions in a table's last cell (from `sm` up): the first as a small button, the others
 * behind the row's '⋮' menu, so a row's actions stay on one line however many there are.
 */
export function RowActionBar({ name, actions }: { name: string; actions: readonly RowAction[] }) {
  const [first, ...rest] = actions;
  if (!first) return null;
  const look = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <div className="flex items-center justify-end gap-1 whitespace-nowrap">
      {first.href ? (
        <a
          className={cn(look, first.danger && 'text-danger')}
          href={first.href}
          download={first.download}
          aria-label={first.ariaLabel}
        >
          {first.label}
        </a>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className={first.danger ? 'text-danger' : undefined}
          aria-label={first.ariaLabel}
          onClick={first.onSelect}
        >
          {first.label}
        </Button>
      )}
      <RowActionMenu name={name} actions={rest} size="sm" />
    </div>
  );
}

const ITEM =
  'flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm text-ink outline-none select-none data-[highlighted]:bg-soft';

/**
 * The row's actions behind one '⋮' button (a card's corner below `sm`, beside the first action in a
 * table): a Radix menu, so arrows, Enter, Escape and the return of focus to the button work as in any menu.
 */
export function RowActionMenu({
  name,
  actions,
  size = 'icon',
}: {
  name: string;
  actions: readonly RowAction[];
  /** 'sm': beside a table row's first action, as tall as it. */
  size?: 'icon' | 'sm';
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  if (actions.length === 0) return null;
  // A chosen action may open a dialog: the menu button has the focus first, so the dialog returns it
  // there when it closes (use-return-focus.ts).
  const choose = (a: RowAction) => {
    trigger.current?.focus();
    a.onSelect?.();
  };
  return (
    <M.Root modal={false}>
      <M.Trigger
        ref={trigger}
        aria-label={vi.workspace.common.actionsFor(name)}
        className={cn(
          buttonVariants({ variant: size === 'sm' ? 'outline' : 'ghost', size: 'icon' }),
          size === 'sm' && 'h-8 w-8',
          'shrink-0',
        )}
      >
        <Icon name="more" className={cn(size === 'sm' ? 'h-5 w-5' : 'h-6 w-6', '[stroke-width:3]')} />
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          onCloseAutoFocus={(e) => {
            // Focus is already where it belongs (the button, or a dialog the action opened).
            if (trigger.current?.isConnected && document.activeElement !== document.body) e.preventDefault();
          }}
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-44 rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {actions.map((a) =>
            a.href ? (
              <M.Item key={a.label} asChild className={ITEM}>
                <a href={a.href} download={a.download}>
                  {a.label}
                </a>
              </M.Item>
            ) : (
              <M.Item
                key={a.label}
                className={cn(ITEM, a.danger && 'text-danger')}
                onSelect={() => choose(a)}
              >
                {a.label}
              </M.Item>
            ),
          )}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
