import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { RadioChoice } from '#client/components/ui/radio-choice.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { dayOf, documentOf, quantityOf } from './format.ts';
import { lotWorkspacePath } from './paths.ts';
import { EmptyLine, Section } from './section.tsx';
import { LotStatusBadge } from './status.tsx';
import type { TraceAnswer } from './types.ts';

const t = sc.trace;
type Direction = 'backward' | 'forward';

/** The lots of a trace by their distance from the traced lot, nearest first. */
export function byDepth<L extends { depth: number }>(lots: readonly L[]): [number, L[]][] {
  const groups = new Map<number, L[]>();
  for (const l of lots) groups.set(l.depth, [...(groups.get(l.depth) ?? []), l]);
  return [...groups].sort(([a], [b]) => a - b);
}

/**
 * The "made from" sentences that explain why a lot is in the trace: backward, the lots nearer the traced
 * one that were made from it; forward, the lots it was made from.
 */
export function linkLines(answer: TraceAnswer, lotId: number): string[] {
  const code = new Map(answer.lots.map((l) => [l.id, l.code]));
  const mine = answer.links.filter(
    (k) => (answer.direction === 'backward' ? k.inputLotId : k.lotId) === lotId,
  );
  return mine.map(
    (k) =>
      `${code.get(k.lotId) ?? ''} ${t.madeFrom} ${code.get(k.inputLotId) ?? ''} (${quantityOf(k.quantity, k.unit)})`,
  );
}

function TraceLots({ answer }: { answer: TraceAnswer }) {
  return (
    <ol className="flex flex-col gap-3">
      {byDepth(answer.lots).map(([depth, lots]) => (
        <li key={depth} style={{ paddingInlineStart: `${Math.min(depth, 4) * 0.75}rem` }}>
          <h3 className="text-sm font-semibold text-ink-soft">{`${t.depth(depth)} · ${t.lotCount(lots.length)}`}</h3>
          <ul className="mt-1 flex flex-col gap-2 border-s-2 border-line ps-3">
            {lots.map((l) => (
              <li key={l.id} className="text-sm">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {depth === 0 ? (
                    <span className="font-mono font-semibold text-ink">{l.code}</span>
                  ) : (
                    <Link
                      href={lotWorkspacePath(l.productId, l.id)}
                      className="font-mono font-semibold text-primary underline"
                    >
                      {l.code}
                    </Link>
                  )}
                  <span className="min-w-0 text-ink [overflow-wrap:anywhere]">{l.productName}</span>
                  {l.status !== 'OK' && <LotStatusBadge status={l.status} />}
                </div>
                {linkLines(answer, l.id).map((line) => (
                  <p key={line} className="text-ink-soft [overflow-wrap:anywhere]">
                    {line}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The partners one step out: who supplied the lots reached backward, who received those reached forward. */
function OneStepOut({ answer }: { answer: TraceAnswer }) {
  const code = new Map(answer.lots.map((l) => [l.id, l.code]));
  if (!answer.partners.length) return null;
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold text-ink">
        {answer.direction === 'backward' ? t.suppliers : t.customers}
      </h3>
      <ul className="mt-2 flex flex-col gap-3">
        {answer.partners.map((p) => (
          <li key={p.id} className="text-sm">
            <p className="font-semibold text-ink [overflow-wrap:anywhere]">{p.name}</p>
            <ul className="mt-1 flex flex-col gap-1 text-ink-soft">
              {answer.movements
                .filter((mv) => mv.partnerId === p.id)
                .map((mv) => (
                  <li key={mv.id} className="[overflow-wrap:anywhere]">
                    {[
                      code.get(mv.lotId),
                      quantityOf(mv.quantity, mv.unit),
                      dayOf(mv.date),
                      documentOf(mv.documentType, mv.documentNumber),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A lot's trace, backward (where it came from) or forward (where it went), with a toggle. */
export function TraceView({ lotId }: { lotId: number }) {
  const trpc = useTRPC();
  const [direction, setDirection] = useState<Direction>('backward');
  const trace = useQuery(trpc.supplyChain.trace.queryOptions({ lotId, direction }));
  const answer = trace.data;
  return (
    <Section title={t.title} testId="trace">
      <RadioChoice
        label={t.direction}
        value={direction}
        options={[
          { value: 'backward', label: t.backward },
          { value: 'forward', label: t.forward },
        ]}
        onChange={setDirection}
        className="mb-4"
      />
      {trace.isError ? (
        <LoadFailed onRetry={() => void trace.refetch()} />
      ) : !answer || answer.direction !== direction ? (
        <p role="status">{vi.workspace.common.loading}</p>
      ) : (
        <>
          {answer.truncated && (
            <p role="status" className="mb-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-900">
              {t.truncated}
            </p>
          )}
          {answer.lots.length <= 1 && <EmptyLine>{t.empty}</EmptyLine>}
          {answer.lots.length > 1 && <TraceLots answer={answer} />}
          <OneStepOut answer={answer} />
        </>
      )}
    </Section>
  );
}
