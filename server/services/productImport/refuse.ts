import { AppError } from '#server/errors.ts';
import { IMPORT_ERRORS_MAX, type ImportRowError } from '#shared/schemas/productImport.ts';

/**
 * A checked file with any error imports nothing (products and lots alike): 400 with the count in the
 * message and, per `row.field`, the first shown error for it, so the form can point at the cell.
 */
export function refuseFileWithErrors(
  errors: readonly ImportRowError[],
  message: (count: number) => string,
): void {
  if (!errors.length) return;
  const fields = Object.fromEntries(
    errors
      .slice(0, IMPORT_ERRORS_MAX)
      .map((e) => [`${e.row}.${e.field}`, e.message] as const)
      .reverse(),
  );
  throw new AppError('BAD_REQUEST', message(errors.length), { fields });
}
