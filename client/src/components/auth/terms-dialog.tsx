/**
 * The terms of service (document key termsAndServices), read over REST when the dialog opens. Bodies
 * are rich text the server has already cleaned to an allow-list of tags before storing it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { Icon } from '#client/components/ui/icon.tsx';

interface TermsSection {
  id?: number;
  title: string;
  subtitle?: string | null;
  body: string;
}

export function TermsDialog() {
  const [open, setOpen] = useState(false);
  const terms = useQuery({
    queryKey: ['rest', 'terms', 'termsAndServices'],
    queryFn: () =>
      apiFetch<TermsSection[]>('/api/settings/term-conditions?key=termsAndServices', { silent: true }),
    enabled: open,
  });
  const sections = Array.isArray(terms.data) ? terms.data : [];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="font-semibold text-primary underline-offset-2 hover:underline">
        {vi.authScreens.signUp.terms}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(640px,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-line p-4">
            <Dialog.Title className="text-lg font-semibold text-ink">
              {vi.authScreens.signUp.terms}
            </Dialog.Title>
            <Dialog.Close aria-label={vi.client.close} className="rounded-lg p-2 hover:bg-soft">
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-4 text-sm text-ink">
            {terms.isLoading && <p role="status">{vi.client.loading}</p>}
            {!terms.isLoading && sections.length === 0 && <p>{vi.authScreens.signUp.termsEmpty}</p>}
            {sections.map((s, i) => (
              <section key={s.id ?? i} className="mb-4">
                <h3 className="font-semibold">{s.title}</h3>
                {s.subtitle && <p className="text-ink-soft">{s.subtitle}</p>}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server before storage */}
                <div className="prose-sm" dangerouslySetInnerHTML={{ __html: s.body }} />
              </section>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
