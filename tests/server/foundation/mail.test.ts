import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';

const logger = createLogger('silent');
let server: SMTPServer | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('[mail]', () => {
  it('delivers over SMTP_URL to an SMTP server', async () => {
    const received: string[] = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    const port = await new Promise<number>((resolve) => {
      server!.listen(0, '127.0.0.1', () => resolve((server!.server.address() as { port: number }).port));
    });
    const deps = await createTestDeps();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      from: 'Truy xuất <no-reply@example.com>',
      outboxDir: deps.settings.outboxDir,
      logger,
    });
    await mailer.send({ to: 'khach@example.com', subject: 'Mã xác thực', text: 'Mã của bạn: 123456' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/To: khach@example.com/);
    expect(received[0]).toContain('123456');
    expect(readdirSync(deps.settings.outboxDir)).toHaveLength(0);
  });

  it('without SMTP_URL writes one .eml per message to the outbox', async () => {
    const deps = await createTestDeps();
    const mailer = createMailer({ from: 'no-reply@example.com', outboxDir: deps.settings.outboxDir, logger });
    await mailer.send({
      to: 'khach@example.com',
      subject: 'Đặt lại mật khẩu',
      text: 'Liên kết: http://x/auth/new-password/abc',
    });
    const files = readdirSync(deps.settings.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(deps.settings.outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: khach@example.com$/m);
    expect(eml).toMatch(/^Subject: /m);
  });
});
