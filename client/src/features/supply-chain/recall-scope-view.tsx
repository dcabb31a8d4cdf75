import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { Button } from '#client/components/ui/button.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { apiDownload } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { dayOf, documentOf, quantityOf } from './format.ts';
import { lotWorkspacePath } from './paths.ts';
import { EmptyLine, Section } from './section.tsx';
import { LotStatusBadge } from './status.tsx';
import type { RecallScopeAnswer } from './types.ts';

const t = sc.scope;
const tr = sc.trace;

function Customers({ answer }: { answer: RecallScopeAnswer }) {
  if (!answer.customers.length) return <EmptyLine>{t.noCustomers}</EmptyLine>;
  return (
    <ul className="flex flex-col gap-3">
      {answer.customers.map(({ partner, shipments, totals }) => (
        <li key={partner.id} className="rounded-lg border border-line p-3 text-sm">
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">{partner.name}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-ink">
            {partner.phone && (
              <>
                <dt className="text-ink-soft">{sc.partners.phone}</dt>
                <dd>
                  <a href={`tel:${partner.phone.replace(/\s/g, '')}`} className="text-primary underline">
                    {partner.phone}
                  </a>
                </dd>
              </>
            )}
            {partner.email && (
              <>
                <dt className="text-ink-soft">{sc.partners.email}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  <a href={`mailto:${partner.email}`} className="text-primary underline">
                    {partner.email}
                  </a>
                </dd>
              </>
            )}
            {(partner.address || partner.province) && (
              <>
                <dt className="text-ink-soft">{sc.partners.address}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">
                  {[partner.address, partner.province].filter(Boolean).join(', ')}
                </dd>
              </>
            )}
            <dt className="text-ink-soft">{t.total}</dt>
            <dd className="font-semibold">{totals.map((x) => quantityOf(x.quantity, x.unit)).join(' + ')}</dd>
          </dl>
          <p className="mt-2 text-ink-soft">{t.shipments}</p>
          <ul className="flex flex-col gap-0.5 text-ink">
            {shipments.map((s) => (
              <li key={s.id} className="[overflow-wrap:anywhere]">
                {[
                  s.lotCode,
                  quantityOf(s.quantity, s.unit),
                  dayOf(s.date),
                  documentOf(s.documentType, s.documentNumber),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a recall of the lot reaches (decision 202): the lot and every lot made from it, and every customer
 * who received any of them, with contacts and quantities; its CSV for Excel. Shown before a recall too.
 */
export function RecallScopeView({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const scope = useQuery(trpc.supplyChain.recallScope.queryOptions({ lotId }));
  const [downloading, setDownloading] = useState(false);
  const answer = scope.data;
  const download = async () => {
    if (!answer) return;
    setDownloading(true);
    try {
      await apiDownload(`/api/lots/${lotId}/recall-scope.csv`, t.csvFile(answer.lot.code));
    } catch {
      // Toasted by apiDownload.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Section
      title={t.title}
      testId="recall-scope"
      actions={
        <Button variant="outline" size="sm" onClick={() => void download()} disabled={!answer || downloading}>
          {t.download}
        </Button>
      }
    >
      {scope.isError ? (
        <LoadFailed onRetry={() => void scope.refetch()} />
      ) : !answer ? (
        <p role="status">{vi.workspace.common.loading}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-ink">
            {answer.lot.recalled ? t.recalled(answer.lot.recallReason ?? '') : t.notRecalled}
          </p>
          {answer.truncated && (
            <p role="status" className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900">
              {t.truncated}
            </p>
          )}
          <div>
            <h3 className="mb-1 text-base font-semibold text-ink">{`${t.affectedLots} (${answer.lots.length})`}</h3>
            <ul className="flex flex-col gap-1 text-sm">
              {answer.lots.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    href={lotWorkspacePath(l.productId, l.id)}
                    className="font-mono font-semibold text-primary underline"
                  >
                    {l.code}
                  </Link>
                  <span className="min-w-0 text-ink [overflow-wrap:anywhere]">{l.productName}</span>
                  <span className="text-ink-soft">{tr.depth(l.depth)}</span>
                  <LotStatusBadge status={l.status} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 text-base font-semibold text-ink">{t.customers}</h3>
            <Customers answer={answer} />
          </div>
        </div>
      )}
    </Section>
  );
}
