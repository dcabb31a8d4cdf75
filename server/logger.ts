import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. The redaction list is a second line of defence: code never passes passwords,
 * tokens or codes to the logger in the first place.
 */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'code', '*.code', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  });
}
