import * as Tabs from '@radix-ui/react-tabs';
import { vi } from '#shared/i18n/vi/index.ts';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { SectionsPanel } from '#client/features/content/sections-panel.tsx';

const t = vi.publicPages.content;
const TABS = [
  { key: 'traceability', label: t.home },
  { key: 'termsAndServices', label: t.terms },
] as const;

/**
 * '/edit-content' (SUPER_ADMIN, MODERATOR: the menu and the guard keep others out): the home page's
 * and the terms' sections. The rich-text editor loads only here.
 */
export default function EditContentPage() {
  return (
    <div className="flex max-w-3xl flex-col">
      <PageHeading title={vi.nav.editContent} />
      <Tabs.Root defaultValue="traceability" className="flex flex-col gap-4">
        <Tabs.List aria-label={vi.nav.editContent} className="flex gap-1 border-b border-line">
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.key}
              value={tab.key}
              className="-mb-px border-b-2 border-transparent px-4 py-2 font-medium text-ink-soft data-[state=active]:border-primary data-[state=active]:text-primary"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.key} value={tab.key}>
            <SectionsPanel docKey={tab.key} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
