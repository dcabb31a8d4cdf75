import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { isDiskFull } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** At shutdown: mails still held (the outbox's disk was full) get a last try; what fails is logged. */
  close?(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** How often held mails are tried again (default 30 s). */
  retryMs?: number;
}

/** Mails held in memory while the outbox's disk is full; past this, a mail fails as it used to. */
const HELD_MAILS_MAX = 1_000;

/**
 * Real mail over SMTP_URL; without it, every message is written as one RFC 822 .eml file in
 * DATA_DIR/outbox/ so sign-up and password reset can be finished with no mail server.
 *
 * The outbox is a mail queue on disk: a mail the disk has no room for (decision 181) is held in memory, as
 * a mail server queues what it cannot deliver yet, and written when the disk has room again (tried every
 * `retryMs`, and once more at shutdown). Each file is written aside and renamed, so the outbox never holds
 * half a mail.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger, retryMs = 30_000 }: MailerOptions): Mailer {
  // nodemailer is loaded and the transport made on the first message, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (smtpUrl) {
    return {
      async send(m) {
        await (await connect()).sendMail({ from, to: m.to, subject: m.subject, text: m.text });
        logger.info({ event: 'mail.sent', subject: m.subject }, 'mail sent');
      },
    };
  }
  const write = async (file: string, bytes: Buffer) => {
    const aside = `${file}.tmp`;
    try {
      await writeFile(aside, bytes);
      await rename(aside, file);
    } catch (err) {
      await rm(aside, { force: true });
      throw err;
    }
  };
  let held: Array<{ file: string; bytes: Buffer; subject: string }> = [];
  let retry: NodeJS.Timeout | undefined;
  /** Writes the held mails in order; those the disk still has no room for stay held. */
  const writeHeld = async () => {
    retry = undefined;
    const waiting = held;
    held = [];
    for (const [i, mail] of waiting.entries()) {
      try {
        await write(mail.file, mail.bytes);
        logger.info(
          { event: 'mail.outbox', subject: mail.subject, file: mail.file, held: true },
          'mail written to outbox',
        );
      } catch (err) {
        if (!isDiskFull(err))
          logger.error({ event: 'mail.lost', err, subject: mail.subject }, 'held mail not written');
        else {
          held = [...waiting.slice(i), ...held];
          break;
        }
      }
    }
    if (held.length) retry = setTimeout(writeHeld, retryMs).unref();
  };
  return {
    async send(m) {
      const info = await (await connect()).sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      const file = join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      const bytes = info.message as Buffer;
      try {
        await write(file, bytes);
      } catch (err) {
        if (!isDiskFull(err) || held.length >= HELD_MAILS_MAX) throw err;
        held.push({ file, bytes, subject: m.subject });
        retry ??= setTimeout(writeHeld, retryMs).unref();
        logger.warn(
          { event: 'mail.held', subject: m.subject, held: held.length },
          'outbox disk full: mail held',
        );
        return;
      }
      // The subject and the file are logged, never the body: it holds a code or a reset link.
      logger.info({ event: 'mail.outbox', subject: m.subject, file }, 'mail written to outbox');
    },
    async close() {
      if (retry) clearTimeout(retry);
      if (held.length) await writeHeld();
      if (retry) clearTimeout(retry);
      if (held.length) {
        logger.error(
          { event: 'mail.lost', mails: held.length },
          'the disk is full at shutdown: held mails are lost',
        );
      }
    },
  };
}

/** Collects messages in memory: for tests that read what would have been sent. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(m) {
      sent.push(m);
    },
  };
}
