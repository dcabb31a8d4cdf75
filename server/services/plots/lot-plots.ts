import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import type { LotPlots, SetLotPlotsInput } from '#shared/schemas/plots.ts';

export async function getLotPlots(_deps: AppDeps, _scope: CompanyScope, _lotId: number): Promise<LotPlots> {
  throw new AppError('INTERNAL');
}

export async function setLotPlots(
  _deps: AppDeps,
  _scope: CompanyScope,
  _input: SetLotPlotsInput,
): Promise<LotPlots> {
  throw new AppError('INTERNAL');
}
