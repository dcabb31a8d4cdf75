/**
 * How cleaned rich text reads (the shell's CSS resets lists and headings): shared by the public pages
 * and the editor, so what an editor sees is what visitors see.
 */
export const RICH_TEXT_CLASS =
  '[&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-primary [&_a]:underline [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_img]:h-auto [&_img]:max-w-full';
