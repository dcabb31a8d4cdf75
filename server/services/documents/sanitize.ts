import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * Loaded on first use, not at start-up (it pulls in a whole HTML parser). require() rather than
 * import(): sanitizing runs inside database transactions, whose bodies may await only the database
 * (decision 150), and sanitize-html is CommonJS.
 */
let sanitizer: typeof sanitizeHtml | undefined;
const load = () => (sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml);

/**
 * Document bodies are rich text from the editor and are shown as HTML on the home page and at
 * sign-up, so they are cleaned to an allow-list before they are stored (decision 014). Everything
 * else is dropped: <script>/<style> with their content, event handlers, style attributes,
 * javascript:/data: URLs, images from anywhere but this server's /uploads.
 */
const UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9_-]+\.(jpg|jpeg|png|gif)$/;
/** Absolute web and mail links only: relative or scheme-less hrefs are dropped too. */
const LINK_HREF = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//evil.example/x" would otherwise pass as a relative URL.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open other sites without giving them a handle on this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(LINK_HREF.test(attribs.href?.trim() ?? '') ? { href: attribs.href as string } : {}),
        rel: 'noopener noreferrer',
      },
    }),
    img: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.src && UPLOAD_SRC.test(attribs.src)) {
        kept.src = attribs.src;
        kept.alt = attribs.alt ?? '';
      }
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused is removed rather than left empty.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeDocumentBody(html: string): string {
  return load()(html, OPTIONS);
}
