import { type ReactNode, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Dialog, DialogCancel } from '#client/components/ui/dialog.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { ApiError } from '#client/lib/api-fetch.ts';
import { cn } from '#client/lib/cn.ts';

/** The red box of a refused file or a failed check. */
const IMPORT_ALERT =
  'rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100';

/**
 * A file import's steps, the products' and a product's lots' alike: the picked file is checked on the
 * server first (a dry run), then imported whole; a refusal shows the server's Vietnamese message.
 */
export function useImportFile<R>(
  send: (file: File, dryRun: boolean) => Promise<R>,
  onImported: (done: R) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  /** The file and its preview are dropped: what was checked no longer applies. */
  const forgetFile = () => {
    setFile(null);
    setResult(null);
  };
  const reset = () => {
    forgetFile();
    setFailure(null);
  };
  const failed = (err: unknown) =>
    setFailure(err instanceof ApiError && err.message ? err.message : vi.client.somethingWentWrong);

  async function check(picked: File) {
    reset();
    setFile(picked);
    setBusy('checking');
    try {
      setResult(await send(picked, true));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!file) return;
    setBusy('importing');
    try {
      const done = await send(file, false);
      onImported(done);
      reset();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  return { file, result, failure, busy, check, runImport, reset, forgetFile };
}

/**
 * The browser's own picker says "Choose file / No file chosen" in the browser's language: the input is
 * hidden and its label is the button, with the chosen file's name beside it.
 */
export function ImportFilePicker({
  label,
  file,
  disabled,
  onPick,
  accept = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}: {
  label: string;
  file: File | null;
  disabled: boolean;
  onPick: (file: File) => void;
  /** The picker's file types: a spreadsheet unless told (the plots' import takes GeoJSON, KML, CSV). */
  accept?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        <Icon name="upload" className="h-5 w-5" />
        {label}
        <input
          type="file"
          className="sr-only"
          accept={accept}
          disabled={disabled}
          onChange={(e) => {
            const picked = e.target.files?.[0];
            // The same file picked again after fixing it must be checked again.
            e.target.value = '';
            if (picked) onPick(picked);
          }}
        />
      </label>
      <span className="min-w-0 text-sm text-ink-soft [overflow-wrap:anywhere]">
        {file ? file.name : vi.workspace.import.noFile}
      </span>
    </div>
  );
}

/**
 * A file import's dialog, the products', a product's lots' and the receipts' or shipments' alike: closing
 * forgets the file; the footer offers the import once the check found nothing wrong; below the pickers
 * (`children`), what the check is doing, a refusal, each row's error in one alert, then the preview.
 */
export function ImportDialogFrame({
  open,
  onOpenChange,
  reset,
  dirty,
  title,
  description,
  size,
  submit,
  status,
  failure,
  errors,
  preview,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reset: () => void;
  dirty: boolean;
  title: string;
  description: string;
  size?: 'lg';
  /** The import's button, when the checked file may be imported. */
  submit: { label: string; run: () => void; disabled: boolean } | null;
  /** What is being done now ("checking"), or nothing. */
  status: string | null;
  failure: string | null;
  errors?: Array<{ row: number; field: string; message: string }>;
  preview?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      dirty={dirty}
      {...(size ? { size } : {})}
      title={title}
      description={description}
      footer={
        <>
          <DialogCancel />
          {submit && (
            <Button onClick={submit.run} disabled={submit.disabled}>
              {submit.label}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {children}
        {status && <p role="status">{status}</p>}
        {failure && (
          <p role="alert" className={IMPORT_ALERT}>
            {failure}
          </p>
        )}
        {errors && errors.length > 0 && (
          // The alert wraps the list: a list with role="alert" is no list to a screen reader.
          <div role="alert" className={IMPORT_ALERT}>
            <ul className="flex flex-col gap-1">
              {errors.map((e) => (
                <li key={`${e.row}.${e.field}`}>{e.message}</li>
              ))}
            </ul>
          </div>
        )}
        {preview}
      </div>
    </Dialog>
  );
}
