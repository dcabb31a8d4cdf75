import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import type { ProductImportResult } from '../../../../shared/schemas/productImport.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiError, apiFetch } from '../../lib/api-fetch.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { ImportPreview } from './import-preview.tsx';

const t = vi.workspace.import;
const c = vi.workspace.common;

function send(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  form.append('dryRun', String(dryRun));
  return apiFetch<ProductImportResult>('/api/products/import', { method: 'POST', body: form, silent: true });
}

/**
 * Multiple product upload: pick a CSV or XLSX file, see what it holds (a dry run on the server), then
 * import it whole. The import button only appears for a file without errors.
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  function reset() {
    setFile(null);
    setResult(null);
    setFailure(null);
  }

  async function check(picked: File) {
    setFile(picked);
    setResult(null);
    setFailure(null);
    setBusy('checking');
    try {
      setResult(await send(picked, true));
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : vi.client.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!file) return;
    setBusy('importing');
    try {
      const done = await send(file, false);
      toast.success(t.done(done.imported));
      void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      reset();
      onOpenChange(false);
    } catch (err) {
      setFailure(err instanceof ApiError && err.message ? err.message : vi.client.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  }

  const canImport = !!result && result.errorCount === 0 && result.productCount > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      size="lg"
      title={t.title}
      description={t.intro}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {c.cancel}
          </Button>
          {canImport && (
            <Button onClick={() => void runImport()} disabled={busy !== null}>
              {busy === 'importing' ? t.importing : t.submit(result.productCount)}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href="/api/products/import/template.csv"
            download
          >
            {t.templateCsv}
          </a>
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href="/api/products/import/template.xlsx"
            download
          >
            {t.templateXlsx}
          </a>
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {t.file}
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy !== null}
            className="rounded-lg border border-line p-2"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              // The same file picked again after fixing it must be checked again.
              e.target.value = '';
              if (picked) void check(picked);
            }}
          />
        </label>
        {busy === 'checking' && <p role="status">{t.checking}</p>}
        {failure && (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {failure}
          </p>
        )}
        {result && <ImportPreview result={result} />}
      </div>
    </Dialog>
  );
}
