import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import type { PlotImportResult } from '#shared/schemas/plots.ts';
import {
  ImportDialogFrame,
  ImportFilePicker,
  useImportFile,
} from '#client/features/products/import-file.tsx';
import { apiFetch } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const w = vi.workspace.import;

/** The files the import reads, KMZ being Google Earth's zipped KML (the server tells them apart by content too). */
const PLOT_FILES =
  '.geojson,.json,.kml,.kmz,.csv,application/geo+json,application/json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,text/csv';

function send(file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  form.append('dryRun', String(dryRun));
  return apiFetch<PlotImportResult>('/api/plots/import', { method: 'POST', body: form, silent: true });
}

/**
 * Plots from a GeoJSON, KML or CSV file (issue 34), as products and lots are imported: checked first
 * (every fault as "Dòng N" or "Đối tượng N"), then imported whole; a file with any fault imports nothing.
 */
export function PlotImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { file, result, failure, busy, check, runImport, reset } = useImportFile(
    send,
    (done: PlotImportResult) => {
      toast.success(t.import.done(done.created));
      void queryClient.invalidateQueries({ queryKey: trpc.plots.pathKey() });
      onOpenChange(false);
    },
  );

  const canImport = !!result && result.errors.length === 0 && result.total > 0;
  return (
    <ImportDialogFrame
      open={open}
      onOpenChange={onOpenChange}
      reset={reset}
      dirty={file !== null}
      title={t.import.title}
      description={t.import.hint}
      submit={
        canImport
          ? {
              label: busy === 'importing' ? w.importing : t.import.submit(result.total),
              run: () => void runImport(),
              disabled: busy !== null,
            }
          : null
      }
      status={busy === 'checking' ? w.checking : null}
      failure={failure}
      errors={result?.errors.map((message, row) => ({ row, field: '', message }))}
      preview={
        result &&
        result.errors.length === 0 && (
          <div className="flex flex-col gap-2 text-sm text-ink">
            <p role="status">{t.import.ready(result.total)}</p>
            {result.warnings.length > 0 && (
              <ul className="flex list-disc flex-col gap-1 rounded-lg bg-amber-100 p-3 ps-8 text-amber-900">
                {result.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
          </div>
        )
      }
    >
      <ImportFilePicker
        label={t.import.pick}
        file={file}
        accept={PLOT_FILES}
        disabled={busy !== null}
        onPick={(picked) => void check(picked)}
      />
    </ImportDialogFrame>
  );
}
