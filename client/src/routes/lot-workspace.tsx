import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { Link, useParams } from 'wouter';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { lotPath, productLotsPath } from '#client/features/lots/paths.ts';
import { HoldDialog, type LotRef, RecallDialog } from '#client/features/lots/reason-dialogs.tsx';
import { LotEudrSection, LotPlotsSection } from '#client/features/plots/lot-plots-section.tsx';
import { dayOf, documentOf, quantityOf } from '#client/features/supply-chain/format.ts';
import { InputDialog } from '#client/features/supply-chain/input-dialog.tsx';
import { MovementDialog, type MovementKind } from '#client/features/supply-chain/movement-dialog.tsx';
import { lotWorkspacePath } from '#client/features/supply-chain/paths.ts';
import { unitCodeOf } from '#client/features/supply-chain/quantity-fields.tsx';
import { RecallScopeView } from '#client/features/supply-chain/recall-scope-view.tsx';
import { EmptyLine, Section } from '#client/features/supply-chain/section.tsx';
import { LotStatusBadge } from '#client/features/supply-chain/status.tsx';
import { TraceView } from '#client/features/supply-chain/trace-view.tsx';
import type { InputLink, LotOverview, Movement } from '#client/features/supply-chain/types.ts';
import { LotTranslations } from '#client/features/translations/lot-translations.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';

const m = sc;
const c = vi.workspace.common;
const lw = vi.lots.workspace;

const NOTICE = {
  danger:
    'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  warning: 'rounded-lg border border-amber-300 bg-amber-100 p-3 text-sm text-amber-900',
};

/** One line of a lot's list (a receipt, an input...): what it is, and its one button. */
function Row({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 border-b border-line py-2 text-sm last:border-0">
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">{children}</div>
      {action}
    </li>
  );
}

function MovementRows({ movements, onDelete }: { movements: Movement[]; onDelete: (mv: Movement) => void }) {
  return (
    <ul>
      {movements.map((mv) => (
        <Row
          key={mv.id}
          action={
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              aria-label={`${c.delete} ${mv.partnerName} ${dayOf(mv.date)}`}
              onClick={() => onDelete(mv)}
            >
              {c.delete}
            </Button>
          }
        >
          <p className="font-semibold text-ink">{mv.partnerName}</p>
          <p className="text-ink">{`${quantityOf(mv.quantity, mv.unit)} · ${dayOf(mv.date)}`}</p>
          {(mv.supplierLotCode || mv.documentType) && (
            <p className="text-ink-soft">
              {[
                mv.supplierLotCode ? `${m.receipts.supplierLotCode}: ${mv.supplierLotCode}` : '',
                documentOf(mv.documentType, mv.documentNumber),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </Row>
      ))}
    </ul>
  );
}

function LinkRows({ links, onRemove }: { links: InputLink[]; onRemove?: (link: InputLink) => void }) {
  return (
    <ul>
      {links.map((k) => (
        <Row
          key={k.lot.id}
          action={
            onRemove && (
              <Button
                variant="outline"
                size="sm"
                className="text-danger"
                aria-label={`${m.inputs.remove} ${k.lot.code}`}
                onClick={() => onRemove(k)}
              >
                {m.inputs.remove}
              </Button>
            )
          }
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              href={lotWorkspacePath(k.lot.productId, k.lot.id)}
              className="font-mono font-semibold text-primary underline"
            >
              {k.lot.code}
            </Link>
            <span className="text-ink">{k.lot.productName}</span>
            {k.lot.status !== 'OK' && <LotStatusBadge status={k.lot.status} />}
          </p>
          <p className="text-ink">{quantityOf(k.quantity, k.unit)}</p>
        </Row>
      ))}
    </ul>
  );
}

function Balance({ balance }: { balance: LotOverview['balance'] }) {
  const totals = (list: { quantity: string; unit: string }[]) =>
    list.length ? list.map((x) => quantityOf(x.quantity, x.unit)).join(' + ') : m.balance.none;
  return (
    <Section title={m.balance.title} testId="balance">
      <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-soft">{m.balance.in}</dt>
        <dd className="font-semibold text-ink">{totals(balance.in)}</dd>
        <dt className="text-ink-soft">{m.balance.out}</dt>
        <dd className="font-semibold text-ink">{totals(balance.out)}</dd>
      </dl>
      {balance.warnings.length > 0 ? (
        <ul className={`${NOTICE.warning} mt-3 flex flex-col gap-1`}>
          {balance.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : (
        balance.out.length > 0 && <p className="mt-3 text-sm text-ink">{m.balance.ok}</p>
      )}
    </Section>
  );
}

/** What stands out about the lot, before anything else: recalled, made from a recalled lot, on hold. */
function Notices({ overview }: { overview: LotOverview }) {
  const { lot } = overview;
  // The lot's own mark names one recalled lot; the others upstream (recalled before or since) are listed.
  const recalledInputs = overview.recalledInputs.filter((r) => r.code !== lot.inputRecallCode);
  return (
    <div className="mb-4 flex flex-col gap-3">
      {lot.recalled && (
        <p role="status" className={NOTICE.danger}>
          {m.lotPage.recalledNotice(lot.recallReason ?? '')}
        </p>
      )}
      {(lot.inputRecallCode || overview.recalledInputs.length > 0) && (
        <div role="status" className={NOTICE.danger} data-testid="made-from-recalled">
          <p className="font-semibold">{m.lotPage.madeFromRecalledTitle}</p>
          {lot.inputRecallCode && (
            <p>{m.lotPage.madeFromRecalled(lot.inputRecallCode, lot.inputRecallReason ?? '')}</p>
          )}
          {recalledInputs.length > 0 && (
            <ul className="mt-1 list-disc ps-5">
              {recalledInputs.map((r) => (
                <li key={r.id}>
                  <Link href={lotWorkspacePath(r.productId, r.id)} className="font-mono underline">
                    {r.code}
                  </Link>
                  {` (${r.productName}, ${sc.trace.depth(r.depth).toLowerCase()}): ${r.recallReason ?? ''}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {lot.held && (
        <p role="status" className={NOTICE.warning}>
          {m.hold.heldSince(lot.holdReason ?? '')}
        </p>
      )}
    </div>
  );
}

/**
 * '/products/manage/:id/lots/:lotId': a lot's supply chain in the workspace (decisions 200-202): its
 * receipts, the lots it was made from and went into, its shipments, its mass balance, the plots it grew on
 * and its EUDR facts (issue 34), its hold and recall, its trace both ways, its recall scope, and its
 * translations for the public lot page (issue 33).
 */
export default function LotWorkspacePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const params = useParams<{ id: string; lotId: string }>();
  const productId = Number(params.id);
  const lotId = Number(params.lotId);
  const valid = Number.isInteger(lotId) && lotId > 0;
  const overview = useQuery({ ...trpc.supplyChain.lot.queryOptions({ lotId }), enabled: valid });
  const [adding, setAdding] = useState<MovementKind | null>(null);
  const [addingInput, setAddingInput] = useState(false);
  const [deleting, setDeleting] = useState<{ kind: MovementKind; movement: Movement } | null>(null);
  const [removing, setRemoving] = useState<InputLink | null>(null);
  const [recalling, setRecalling] = useState<LotRef | null>(null);
  const [holding, setHolding] = useState<LotRef | null>(null);
  const [lifting, setLifting] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
  };
  const done = (message: string) => () => {
    toast.success(message);
    refresh();
  };
  const deleteReceipt = useMutation(
    trpc.receipts.delete.mutationOptions({ onSuccess: done(m.receipts.deleted) }),
  );
  const deleteShipment = useMutation(
    trpc.shipments.delete.mutationOptions({ onSuccess: done(m.shipments.deleted) }),
  );
  const removeInput = useMutation(
    trpc.supplyChain.removeInput.mutationOptions({ onSuccess: done(m.inputs.removed) }),
  );
  const lift = useMutation(trpc.lots.liftRecall.mutationOptions({ onSuccess: done(vi.lots.recallLifted) }));
  const release = useMutation(trpc.lots.releaseHold.mutationOptions({ onSuccess: done(m.hold.released) }));

  const data = overview.data;
  const lot = data?.lot;
  const ref: LotRef | null = lot ? { id: lot.id, code: lot.code, version: lot.version } : null;
  return (
    <div>
      <PageHeading title={lot ? m.lotPage.title(lot.code) : lw.title}>
        {lot && (
          <div className="flex flex-wrap gap-2">
            {lot.held ? (
              <Button variant="outline" onClick={() => setReleasing(true)}>
                {m.hold.release}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setHolding(ref)}>
                {m.hold.hold}
              </Button>
            )}
            {lot.recalled ? (
              <Button variant="outline" onClick={() => setLifting(true)}>
                {lw.liftRecall}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setRecalling(ref)}>
                {lw.recall}
              </Button>
            )}
            <a className={buttonVariants({ variant: 'outline' })} href={lotPath(lot.id)}>
              {lw.publicPage}
            </a>
          </div>
        )}
      </PageHeading>
      <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Link href={productLotsPath(lot?.productId ?? productId)} className="text-primary underline">
          {m.lotPage.back}
        </Link>
        {lot && <span className="text-ink">{`${m.lotPage.product}: ${lot.productName}`}</span>}
        {lot && (
          <span className="flex flex-wrap gap-1">
            <LotStatusBadge status={lot.recalled ? 'RECALLED' : lot.held ? 'HELD' : 'OK'} />
            {lot.inputRecallCode && <Badge tone="danger">{m.status.affected}</Badge>}
          </span>
        )}
      </p>

      {!valid || overview.isError ? (
        <LoadFailed onRetry={valid ? () => void overview.refetch() : undefined} />
      ) : !data || !lot ? (
        <p role="status">{c.loading}</p>
      ) : (
        <>
          <Notices overview={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Section
              title={m.receipts.title}
              testId="receipts"
              actions={
                <Button size="sm" onClick={() => setAdding('receipt')}>
                  {m.receipts.add}
                </Button>
              }
            >
              {data.receipts.length ? (
                <MovementRows
                  movements={data.receipts}
                  onDelete={(movement) => setDeleting({ kind: 'receipt', movement })}
                />
              ) : (
                <EmptyLine>{m.receipts.empty}</EmptyLine>
              )}
            </Section>
            <Section
              title={m.inputs.title}
              testId="inputs"
              actions={
                <Button size="sm" onClick={() => setAddingInput(true)}>
                  {m.inputs.add}
                </Button>
              }
            >
              {data.inputs.length ? (
                <LinkRows links={data.inputs} onRemove={setRemoving} />
              ) : (
                <EmptyLine>{m.inputs.empty}</EmptyLine>
              )}
            </Section>
            <Section title={m.inputs.usedInTitle} testId="used-in">
              {data.usedIn.length ? (
                <LinkRows links={data.usedIn} />
              ) : (
                <EmptyLine>{m.inputs.usedInEmpty}</EmptyLine>
              )}
            </Section>
            <Section
              title={m.shipments.title}
              testId="shipments"
              actions={
                <Button size="sm" onClick={() => setAdding('shipment')} disabled={lot.recalled || lot.held}>
                  {m.shipments.add}
                </Button>
              }
            >
              {(lot.recalled || lot.held) && (
                <p className="mb-2 text-sm text-ink-soft">
                  {lot.recalled ? m.shipments.recalled(lot.code) : m.shipments.onHold(lot.code)}
                </p>
              )}
              {data.shipments.length ? (
                <MovementRows
                  movements={data.shipments}
                  onDelete={(movement) => setDeleting({ kind: 'shipment', movement })}
                />
              ) : (
                <EmptyLine>{m.shipments.empty}</EmptyLine>
              )}
            </Section>
            <Balance balance={data.balance} />
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <LotPlotsSection lotId={lot.id} />
            <LotEudrSection lotId={lot.id} lotCode={lot.code} />
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <TraceView lotId={lot.id} />
            <RecallScopeView lotId={lot.id} />
          </div>
          <div className="mt-4 rounded-lg border border-line bg-surface p-4" data-testid="translations">
            <LotTranslations lotId={lot.id} />
          </div>

          <MovementDialog
            kind={adding ?? 'receipt'}
            lotId={lot.id}
            defaultUnit={unitCodeOf(lot.unit)}
            open={adding !== null}
            onOpenChange={(open) => !open && setAdding(null)}
          />
          <InputDialog lotId={lot.id} open={addingInput} onOpenChange={setAddingInput} />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.kind === 'shipment' ? m.shipments.deleteTitle : m.receipts.deleteTitle}
        message={deleting?.kind === 'shipment' ? m.shipments.deleteText : m.receipts.deleteText}
        confirmLabel={c.delete}
        busy={deleteReceipt.isPending || deleteShipment.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const id = { id: deleting.movement.id };
          if (deleting.kind === 'receipt') deleteReceipt.mutate(id);
          else deleteShipment.mutate(id);
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? m.inputs.removeTitle(removing.lot.code) : ''}
        message={m.inputs.removeText}
        confirmLabel={m.inputs.remove}
        busy={removeInput.isPending}
        onConfirm={() => {
          if (removing) removeInput.mutate({ lotId, inputLotId: removing.lot.id });
          setRemoving(null);
        }}
      />
      <RecallDialog lot={recalling} onClose={() => setRecalling(null)} />
      <HoldDialog lot={holding} onClose={() => setHolding(null)} />
      <ConfirmDialog
        open={lifting}
        onOpenChange={setLifting}
        title={lot ? lw.liftConfirmTitle(lot.code) : ''}
        message={lw.liftConfirmText}
        confirmLabel={lw.liftRecall}
        danger={false}
        busy={lift.isPending}
        onConfirm={() => lot && lift.mutate({ id: lot.id, version: lot.version })}
      />
      <ConfirmDialog
        open={releasing}
        onOpenChange={setReleasing}
        title={lot ? m.hold.releaseTitle(lot.code) : ''}
        message={m.hold.releaseText}
        confirmLabel={m.hold.release}
        danger={false}
        busy={release.isPending}
        onConfirm={() => lot && release.mutate({ id: lot.id, version: lot.version })}
      />
    </div>
  );
}
