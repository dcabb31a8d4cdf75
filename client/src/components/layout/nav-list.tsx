/**
 * The left menu's items. Vertical: a parent's submenu opens on click. Mini: icon over a short title,
 * and a parent's submenu opens on hover (and on keyboard focus, so it stays reachable).
 */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { isNavActive, type NavItem } from '#shared/navigation.ts';
import { cn } from '#client/lib/cn.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

type Mode = 'vertical' | 'mini';

/** An entry's title: a visitor's entries in the public page's language, the workspace's as they are. */
function useTitle(item: NavItem): string {
  const nav = usePublicStrings().nav;
  return item.publicTitle ? nav[item.publicTitle] : item.title;
}

function ItemLink({
  item,
  mode,
  active,
  onNavigate,
}: {
  item: NavItem;
  mode: Mode;
  active: boolean;
  onNavigate?: () => void;
}) {
  const title = useTitle(item);
  return (
    <Link
      href={item.path}
      aria-current={active ? 'page' : undefined}
      aria-disabled={item.disabled || undefined}
      onClick={onNavigate}
      title={mode === 'mini' ? title : undefined}
      className={cn(
        'flex rounded-lg text-sm font-medium text-ink-soft transition-colors hover:bg-soft focus-visible:outline-2 focus-visible:outline-primary',
        mode === 'vertical'
          ? 'min-h-11 items-center gap-3 px-3'
          : 'flex-col items-center gap-1 px-1 py-2 text-center text-[11px] leading-tight',
        active && 'bg-primary-light font-semibold text-primary-dark hover:bg-primary-light',
        item.disabled && 'pointer-events-none opacity-50',
      )}
    >
      {item.icon && <Icon name={item.icon} className={mode === 'mini' ? 'h-6 w-6' : 'h-5 w-5'} />}
      <span className={mode === 'vertical' ? 'flex-1' : 'line-clamp-2'}>{title}</span>
      {mode === 'vertical' && item.info && <span className="text-xs text-ink-soft">{item.info}</span>}
    </Link>
  );
}

function ParentItem({
  item,
  mode,
  active,
  onNavigate,
}: {
  item: NavItem;
  mode: Mode;
  active: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(active);
  const children = <NavList items={item.children ?? []} mode="vertical" onNavigate={onNavigate} />;
  if (mode === 'mini') {
    return (
      <div className="group relative">
        <ItemLink item={item} mode={mode} active={active} onNavigate={onNavigate} />
        <div className="invisible absolute top-0 left-full z-30 w-56 rounded-lg border border-line bg-surface p-2 shadow-lg group-focus-within:visible group-hover:visible">
          {children}
        </div>
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink-soft hover:bg-soft',
          active && 'text-primary-dark',
        )}
      >
        {item.icon && <Icon name={item.icon} className="h-5 w-5" />}
        <span className="flex-1 text-start">{item.title}</span>
        <Icon name="chevron" className={cn('h-4 w-4 transition-transform', open && 'rotate-90')} />
      </button>
      {open && <div className="ms-6 mt-1">{children}</div>}
    </div>
  );
}

export function NavList({
  items,
  mode,
  onNavigate,
}: {
  items: NavItem[];
  mode: Mode;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isNavActive(item, location);
        return (
          <li key={item.path}>
            {item.children?.length ? (
              <ParentItem item={item} mode={mode} active={active} onNavigate={onNavigate} />
            ) : (
              <ItemLink item={item} mode={mode} active={active} onNavigate={onNavigate} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
