import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import type { PlotImportInput, PlotImportResult } from '#shared/schemas/plots.ts';

export async function importPlots(
  _deps: AppDeps,
  _scope: CompanyScope,
  _input: PlotImportInput,
): Promise<PlotImportResult> {
  throw new AppError('INTERNAL');
}
