import { Icon } from '#client/components/ui/icon.tsx';
import { Logo } from '#client/components/ui/logo.tsx';
import { cn } from '#client/lib/cn.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { roleOf } from '#client/session/session-reducer.ts';
import { useSettings } from '#client/settings/SettingsProvider.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { navForRole } from '#shared/navigation.ts';
import { NavList } from './nav-list.tsx';

/** The desktop sidebar (1200px and up): vertical 300px or mini 130px, with the toggle on its edge. */
export function Sidebar() {
  const { state } = useSession();
  const strings = usePublicStrings();
  const { settings, update } = useSettings();
  const mini = settings.navLayout === 'mini';
  const items = navForRole(roleOf(state));
  return (
    <aside
      data-testid="sidebar"
      data-layout={settings.navLayout}
      className={cn(
        'nav-surface sticky top-0 hidden h-dvh shrink-0 flex-col border-e border-line lg:flex',
        mini ? 'w-[130px]' : 'w-[300px]',
      )}
    >
      <div className={cn('flex h-[72px] items-center', mini ? 'justify-center' : 'px-6')}>
        <Logo full={!mini} />
      </div>
      <button
        type="button"
        onClick={() => update({ navLayout: mini ? 'vertical' : 'mini' })}
        aria-label={mini ? strings.client.expandSidebar : strings.client.collapseSidebar}
        aria-pressed={mini}
        className="absolute top-6 -end-3.5 z-10 flex h-7 w-7 items-center justify-center rounded-full border border-line bg-surface text-ink-soft hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Icon
          name="collapse"
          className={cn('h-4 w-4 transition-transform rtl:rotate-180', mini && 'rotate-180 rtl:rotate-0')}
        />
      </button>
      <nav
        aria-label={strings.client.mainMenu}
        className={cn('flex-1 overflow-y-auto pb-6', mini ? 'px-2' : 'px-4')}
      >
        <NavList items={items} mode={mini ? 'mini' : 'vertical'} />
      </nav>
    </aside>
  );
}
