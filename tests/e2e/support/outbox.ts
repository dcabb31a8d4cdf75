/**
 * Reads the mails the app wrote to DATA_DIR/outbox (no SMTP_URL in journeys): the newest .eml for a
 * recipient, its text decoded (quoted-printable or base64), and the code or reset link in it.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

const outboxDir = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  mtimeMs: number;
}

/** Soft line breaks go, =XX bytes become UTF-8 text again. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded) and the decoded body of a single-part text mail. */
export function parseEml(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, text };
}

async function mailsFor(email: string): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails: Mail[] = [];
  for (const name of names) {
    const file = join(outboxDir(), name);
    const raw = await readFile(file, 'utf8');
    const { headers, text } = parseEml(raw);
    if (!(headers.to ?? '').toLowerCase().includes(email.toLowerCase())) continue;
    mails.push({
      file,
      to: headers.to ?? '',
      subject: headers.subject ?? '',
      text,
      mtimeMs: (await stat(file)).mtimeMs,
    });
  }
  // File names start with Date.now(): name order is write order even within one millisecond's mtime.
  return mails.sort((a, b) => a.mtimeMs - b.mtimeMs || a.file.localeCompare(b.file));
}

/** Waits for the newest mail to `email` that `accept` likes and that was written after `since`. */
export async function newestMail(
  email: string,
  {
    since = 0,
    accept = () => true,
    timeoutMs = 15_000,
  }: { since?: number; accept?: (m: Mail) => boolean; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await mailsFor(email)).filter((m) => m.mtimeMs >= since && accept(m)).at(-1);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no mail for ${email} in ${outboxDir()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const extractCode = (text: string): string => {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no 6-digit code in the mail');
  return code;
};

export const extractResetLink = (text: string): string => {
  const link = text.match(/https?:\/\/\S+\/auth\/new-password\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error('no reset link in the mail');
  return link;
};

export const verificationCode = async (email: string, since?: number) =>
  extractCode((await newestMail(email, { since, accept: (m) => /\b\d{6}\b/.test(m.text) })).text);
export const resetLink = async (email: string, since?: number) =>
  extractResetLink(
    (await newestMail(email, { since, accept: (m) => m.text.includes('/auth/new-password/') })).text,
  );
