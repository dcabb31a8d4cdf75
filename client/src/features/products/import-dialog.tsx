import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import type { ProductImportResult } from '#shared/schemas/productImport.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { ApiError, apiFetch } from '#client/lib/api-fetch.ts';
import { cn } from '#client/lib/cn.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { CompanyPicker, type PickedCompany } from '#client/features/company/company-picker.tsx';
import { ImportPreview } from './import-preview.tsx';

const t = vi.workspace.import;

function send(file: File, dryRun: boolean, companyId: number | null) {
  const form = new FormData();
  form.append('file', file);
  form.append('dryRun', String(dryRun));
  // A SUPER_ADMIN names the company the products go to; a company's staff import into their own.
  if (companyId !== null) form.append('companyId', String(companyId));
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
  const { state } = useSession();
  const picksCompany = state.currentUser?.role === 'SUPER_ADMIN';
  const [company, setCompany] = useState<PickedCompany | null>(null);
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
      setResult(await send(picked, true, company?.id ?? null));
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
      const done = await send(file, false, company?.id ?? null);
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
      dirty={file !== null}
      size="lg"
      title={t.title}
      description={t.intro}
      footer={
        <>
          <DialogCancel />
          {canImport && (
            <Button onClick={() => void runImport()} disabled={busy !== null}>
              {busy === 'importing' ? t.importing : t.submit(result.productCount)}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {picksCompany && (
          <CompanyPicker
            value={company}
            onChange={(picked) => {
              setCompany(picked);
              // A preview was checked for the previous company (its codes, its lists): check again.
              setResult(null);
              setFile(null);
            }}
          />
        )}
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
        {/* The browser's own picker says "Choose file / No file chosen" in the browser's language: the
            input is hidden and its label is the button, with the chosen file's name beside it. */}
        <div className="flex flex-wrap items-center gap-3">
          <label
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
              (busy !== null || (picksCompany && !company)) && 'pointer-events-none opacity-50',
            )}
          >
            <Icon name="upload" className="h-5 w-5" />
            {t.file}
            <input
              type="file"
              className="sr-only"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy !== null || (picksCompany && !company)}
              onChange={(e) => {
                const picked = e.target.files?.[0];
                // The same file picked again after fixing it must be checked again.
                e.target.value = '';
                if (picked) void check(picked);
              }}
            />
          </label>
          <span className="min-w-0 text-sm text-ink-soft [overflow-wrap:anywhere]">
            {file ? file.name : t.noFile}
          </span>
        </div>
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
