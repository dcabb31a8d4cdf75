import { useId, useState } from 'react';

/**
 * A photo field for the public verdict page whose button and "nothing chosen" speak the page's language:
 * the browser's own file input speaks the browser's (on most phones English). The input stays in the tab
 * order and in the form (visually hidden, not `display: none`), so the keyboard opens it with Space and a
 * screen reader names it by the field's label; the label styled as a button is what a finger presses.
 * The words come from the page, so this knows no language.
 */
export function PhotoField({
  name,
  label,
  pick,
  none,
  accept = 'image/jpeg,image/png,image/gif',
  required = false,
}: {
  name: string;
  /** The field's name ("Ảnh sản phẩm"). */
  label: string;
  /** The button's words ("Chọn ảnh"). */
  pick: string;
  /** Shown until a photo is chosen ("Chưa chọn ảnh"). */
  none: string;
  accept?: string;
  required?: boolean;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span id={`${id}-label`}>{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        {/* The input comes first so that its focus can show on the label it hides behind (peer-*). */}
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          required={required}
          className="peer sr-only"
          aria-labelledby={`${id}-label ${id}-pick`}
          aria-describedby={`${id}-chosen`}
          onChange={(e) => setChosen(e.target.files?.[0]?.name ?? null)}
        />
        <label
          id={`${id}-pick`}
          htmlFor={id}
          className="cursor-pointer rounded border border-line px-3 py-2 font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
        >
          {pick}
        </label>
        <span id={`${id}-chosen`} className="min-w-0 break-all text-ink-soft" data-testid="photo-chosen">
          {chosen ?? none}
        </span>
      </div>
    </div>
  );
}
