import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { CompanyPicker, type PickedCompany } from '#client/features/company/company-picker.tsx';
import {
  ImportDialogFrame,
  ImportFilePicker,
  useImportFile,
} from '#client/features/products/import-file.tsx';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { quantityOf } from './format.ts';

const t = sc.import;
const w = vi.workspace.import;

export type MovementImportKind = 'receipts' | 'shipments';

interface MovementImportResult {
  dryRun: boolean;
  rowCount: number;
  rows: { row: number; lotCode: string; partnerName: string; quantity: string; unit: string }[];
  errorCount: number;
  errors: { row: number; field: string; message: string }[];
  imported: number;
}

function send(kind: MovementImportKind, file: File, dryRun: boolean, companyId: number | null) {
  const form = new FormData();
  form.append('file', file);
  form.append('dryRun', String(dryRun));
  // A SUPER_ADMIN names the company whose lots and partners the rows name; staff import into their own.
  if (companyId !== null) form.append('companyId', String(companyId));
  return apiFetch<MovementImportResult>(`/api/${kind}/import`, { method: 'POST', body: form, silent: true });
}

/**
 * Receipts or shipments from a CSV or XLSX file (decision 201), as a product's lots are imported: checked
 * first (every error as "Dòng N: ..."), then imported whole; a file with any error imports nothing.
 */
export function MovementImportDialog({
  kind,
  onOpenChange,
}: {
  /** The kind being imported; null while the dialog is closed. */
  kind: MovementImportKind | null;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const picksCompany = useSession().state.currentUser?.role === 'SUPER_ADMIN';
  const [company, setCompany] = useState<PickedCompany | null>(null);
  const { file, result, failure, busy, check, runImport, reset, forgetFile } = useImportFile(
    (picked: File, dryRun: boolean) => send(kind ?? 'receipts', picked, dryRun, company?.id ?? null),
    (done: MovementImportResult) => {
      toast.success(t.done(done.imported));
      void queryClient.invalidateQueries({ queryKey: trpc.supplyChain.pathKey() });
      onOpenChange(false);
    },
  );

  const canImport = !!result && result.errorCount === 0 && result.rowCount > 0;
  return (
    <ImportDialogFrame
      open={kind !== null}
      onOpenChange={onOpenChange}
      reset={reset}
      dirty={file !== null}
      title={kind === 'shipments' ? t.shipmentsTitle : t.receiptsTitle}
      description={kind === 'shipments' ? t.shipmentsHint : t.receiptsHint}
      submit={
        canImport
          ? {
              label: busy === 'importing' ? w.importing : t.submit(result.rowCount),
              run: () => void runImport(),
              disabled: busy !== null,
            }
          : null
      }
      status={busy === 'checking' ? w.checking : null}
      failure={failure}
      errors={result?.errors}
      preview={
        result &&
        result.errorCount === 0 && (
          <div className="flex flex-col gap-2 text-sm text-ink">
            <p role="status">{t.ready(result.rowCount)}</p>
            <ul className="flex flex-col gap-1">
              {result.rows.map((r) => (
                <li key={r.row} className="[overflow-wrap:anywhere]">
                  {`${vi.workspace.import.row} ${r.row}: ${r.lotCode}, ${r.partnerName}, ${quantityOf(r.quantity, r.unit)}`}
                </li>
              ))}
            </ul>
          </div>
        )
      }
    >
      {picksCompany && (
        <CompanyPicker
          value={company}
          onChange={(picked) => {
            setCompany(picked);
            // The preview was checked against the previous company's lots and partners.
            forgetFile();
          }}
        />
      )}
      <ImportFilePicker
        label={t.pick}
        file={file}
        disabled={busy !== null || (picksCompany && !company)}
        onPick={(picked) => void check(picked)}
      />
    </ImportDialogFrame>
  );
}
