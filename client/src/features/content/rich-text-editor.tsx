/**
 * The body editor (Tiptap with its starter kit), loaded only by the edit-content page. It produces
 * exactly the tags the server keeps (decision 014: p, strong, em, u, s, a, lists, h2/h3, blockquote,
 * code, hr); the server cleans the HTML again anyway before storing it.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { RICH_TEXT_CLASS } from '#client/features/public/rich-text.ts';

const t = vi.publicPages.content.toolbar;

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], autolink: true },
        codeBlock: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: cn('min-h-40 p-3 text-ink outline-none', RICH_TEXT_CLASS),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;

  const setLink = () => {
    if (active?.link) return editor.chain().focus().unsetLink().run();
    const href = window.prompt(t.linkPrompt, 'https://');
    if (href && /^(https?:\/\/|mailto:)/i.test(href)) editor.chain().focus().setLink({ href }).run();
  };
  const buttons: { label: string; text: ReactNode; on?: boolean; run: () => void }[] = [
    { label: t.bold, text: 'B', on: active?.bold, run: () => editor.chain().focus().toggleBold().run() },
    {
      label: t.italic,
      text: 'I',
      on: active?.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      label: t.heading,
      text: 'H',
      on: active?.heading,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: t.bulletList,
      text: '•',
      on: active?.bulletList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      label: t.orderedList,
      text: '1.',
      on: active?.orderedList,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    { label: t.link, text: <Icon name="link" className="h-4 w-4" />, on: active?.link, run: setLink },
    { label: t.undo, text: '↶', run: () => editor.chain().focus().undo().run() },
    { label: t.redo, text: '↷', run: () => editor.chain().focus().redo().run() },
  ];
  return (
    <div className="rounded-lg border border-line bg-surface focus-within:border-primary">
      <div role="toolbar" aria-label={label} className="flex flex-wrap gap-1 border-b border-line p-1">
        {buttons.map((b) => (
          <button
            key={b.label}
            type="button"
            title={b.label}
            aria-label={b.label}
            aria-pressed={b.on === undefined ? undefined : b.on}
            onClick={b.run}
            className={cn(
              'inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm font-semibold hover:bg-soft',
              b.on && 'bg-primary-light text-primary-dark',
            )}
          >
            {b.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
