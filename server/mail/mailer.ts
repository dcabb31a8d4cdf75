import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from '#server/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * Real mail over SMTP_URL; without it, every message is written as one RFC 822 .eml file in
 * DATA_DIR/outbox/ so sign-up and password reset can be finished with no mail server.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
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
  return {
    async send(m) {
      const info = await (await connect()).sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      const file = join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      // The subject and the file are logged, never the body: it holds a code or a reset link.
      logger.info({ event: 'mail.outbox', subject: m.subject, file }, 'mail written to outbox');
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
