import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import type { LotEudr, PlotFileAnswer, SetLotEudrInput } from '#shared/schemas/plots.ts';

export async function getLotEudr(_deps: AppDeps, _scope: CompanyScope, _lotId: number): Promise<LotEudr> {
  throw new AppError('INTERNAL');
}
export async function setLotEudr(
  _deps: AppDeps,
  _scope: CompanyScope,
  _input: SetLotEudrInput,
): Promise<LotEudr> {
  throw new AppError('INTERNAL');
}
export async function eudrGeojson(
  _deps: AppDeps,
  _scope: CompanyScope,
  _lotId: number,
): Promise<PlotFileAnswer> {
  throw new AppError('INTERNAL');
}
export async function eudrCsv(_deps: AppDeps, _scope: CompanyScope, _lotId: number): Promise<PlotFileAnswer> {
  throw new AppError('INTERNAL');
}
