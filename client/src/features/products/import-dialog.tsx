import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import type { ProductImportResult } from '#shared/schemas/productImport.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { CompanyPicker, type PickedCompany } from '#client/features/company/company-picker.tsx';
import { ImportDialogFrame, ImportFilePicker, useImportFile } from './import-file.tsx';
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
  const { file, result, failure, busy, check, runImport, reset, forgetFile } = useImportFile(
    (picked: File, dryRun: boolean) => send(picked, dryRun, company?.id ?? null),
    (done: ProductImportResult) => {
      toast.success(t.done(done.imported));
      void queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.companies.pathKey() });
      onOpenChange(false);
    },
  );

  const canImport = !!result && result.errorCount === 0 && result.productCount > 0;
  return (
    <ImportDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      reset={reset}
      dirty={file !== null}
      size="lg"
      title={t.title}
      description={t.intro}
      submit={
        canImport
          ? {
              label: busy === 'importing' ? t.importing : t.submit(result.productCount),
              run: () => void runImport(),
              disabled: busy !== null,
            }
          : null
      }
      status={busy === 'checking' ? t.checking : null}
      failure={failure}
      preview={result && <ImportPreview result={result} />}
    >
      {picksCompany && (
        <CompanyPicker
          value={company}
          onChange={(picked) => {
            setCompany(picked);
            // A preview was checked for the previous company (its codes, its lists): check again.
            forgetFile();
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
      <ImportFilePicker
        label={t.file}
        file={file}
        disabled={busy !== null || (picksCompany && !company)}
        onPick={(picked) => void check(picked)}
      />
    </ImportDialogFrame>
  );
}
