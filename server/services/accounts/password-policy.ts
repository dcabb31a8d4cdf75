import { AppError } from '#server/errors.ts';
import { isCommonPassword } from '#shared/common-passwords.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/** Length is checked by the shared schema; this refuses the passwords every attacker tries first. */
export function rejectCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('BAD_REQUEST', vi.errors.weakPassword, {
      fields: { password: vi.errors.weakPassword },
    });
  }
}
