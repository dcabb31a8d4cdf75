import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import {
  ImportDialogFrame,
  ImportFilePicker,
  useImportFile,
} from '#client/features/products/import-file.tsx';

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
  const { file, result, failure, busy, check, runImport, reset } = useImportFile(
    (picked: File, dryRun: boolean) => send(productId, picked, dryRun),
    (done: LotImportResult) => {
      toast.success(t.done(done.imported));
      void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });
      onOpenChange(false);
    },
  );

  const canImport = !!result && result.errorCount === 0 && result.lotCount > 0;
  return (
    <ImportDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      reset={reset}
      dirty={file !== null}
      title={t.title}
      description={t.hint}
      submit={
        canImport
          ? { label: `${t.submit} ${result.lotCount}`, run: () => void runImport(), disabled: busy !== null }
          : null
      }
      status={busy !== null ? w.checking : null}
      failure={failure}
      errors={result?.errors}
      preview={
        result &&
        result.errorCount === 0 && (
          <p className="text-sm text-ink">{result.lots.map((l) => l.code).join(', ')}</p>
        )
      }
    >
      <ImportFilePicker
        label={t.pick}
        file={file}
        disabled={busy !== null}
        onPick={(picked) => void check(picked)}
      />
    </ImportDialogFrame>
  );
}
