import type { ReactNode } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from './button.tsx';
import { Dialog, DialogCancel } from './dialog.tsx';

const c = vi.workspace.common;

/**
 * A dialog holding one record's form: 'Hủy' and the save button under it, a loading line while the
 * edited record is not there yet, and Enter in a field saves like the button.
 */
export function FormDialog({
  open,
  onOpenChange,
  dirty,
  title,
  saveLabel,
  saving,
  loading,
  onSave,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dirty: boolean;
  title: string;
  saveLabel: string;
  saving: boolean;
  loading: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dirty={dirty}
      size="lg"
      title={title}
      footer={
        <>
          <DialogCancel />
          <Button onClick={onSave} disabled={saving || loading}>
            {saving ? c.saving : saveLabel}
          </Button>
        </>
      }
    >
      {loading ? (
        <p role="status">{c.loading}</p>
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {children}
          <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
        </form>
      )}
    </Dialog>
  );
}
