import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { ApiError, apiFetch } from '#client/lib/api-fetch.ts';
import { cn } from '#client/lib/cn.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.lots.import;
const w = vi.workspace.import;

interface LotImportResult {
  dryRun: boolean;
  lotCount: number;
  lots: { row: number; code: string }[];
  errorCount: number;
  errors: { row: number; field: string; message: string }[];
  imported: number;
}

function send(productId: number, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<LotImportResult>(`/api/products/${productId}/lots/import?dryRun=${dryRun}`, {
    method: 'POST',
    body: form,
    silent: true,
  });
}

const ALERT =
  'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100';

/**
 * A product's lots from a CSV or XLSX file (decision 128): checked first (every error with its row),
 * then imported whole; a file with any error imports nothing.
 */
export function LotImportDialog({
  productId,
  open,
  onOpenChange,
}: {
  productId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<LotImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setResult(null);
    setFailure(null);
  };
  const failed = (err: unknown) =>
    setFailure(err instanceof ApiError && err.message ? err.message : vi.client.somethingWentWrong);

  async function check(picked: File) {
    reset();
    setFile(picked);
    setBusy(true);
    try {
      setResult(await send(productId, picked, true));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    if (!file) return;
    setBusy(true);
    try {
      const done = await send(productId, file, false);
      toast.success(t.done(done.imported));
      void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
      reset();
      onOpenChange(false);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  const canImport = !!result && result.errorCount === 0 && result.lotCount > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      dirty={file !== null}
      title={t.title}
      description={t.hint}
      footer={
        <>
          <DialogCancel />
          {canImport && (
            <Button onClick={() => void runImport()} disabled={busy}>
              {`${t.submit} ${result.lotCount}`}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <label
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
              busy && 'pointer-events-none opacity-50',
            )}
          >
            <Icon name="upload" className="h-5 w-5" />
            {t.pick}
            <input
              type="file"
              className="sr-only"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(e) => {
                const picked = e.target.files?.[0];
                e.target.value = '';
                if (picked) void check(picked);
              }}
            />
          </label>
          <span className="min-w-0 text-sm text-ink-soft [overflow-wrap:anywhere]">
            {file ? file.name : w.noFile}
          </span>
        </div>
        {busy && <p role="status">{w.checking}</p>}
        {failure && (
          <p role="alert" className={ALERT}>
            {failure}
          </p>
        )}
        {result && result.errorCount > 0 && (
          <ul role="alert" className={cn(ALERT, 'flex flex-col gap-1')}>
            {result.errors.map((e) => (
              <li key={`${e.row}.${e.field}`}>{e.message}</li>
            ))}
          </ul>
        )}
        {result && result.errorCount === 0 && (
          <p className="text-sm text-ink">{result.lots.map((l) => l.code).join(', ')}</p>
        )}
      </div>
    </Dialog>
  );
}
