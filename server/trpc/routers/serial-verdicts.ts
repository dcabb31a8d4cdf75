import { memberCompanyOf } from '#server/auth/member-mark.ts';
import { AppError } from '#server/errors.ts';
import { verifySerialPin } from '#server/services/serials/activation.ts';
import { listFakeReports, reportFake } from '#server/services/serials/reports.ts';
import { listSuspects, setSuspectThreshold } from '#server/services/serials/suspects.ts';
import { openSerial, placeOf, readVerdict } from '#server/services/serials/verdict.ts';
import { companyProcedure, publicProcedure } from '#server/trpc/init.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  fakeReportInput,
  listReportsInput,
  serialInput,
  serialOpenInput,
  serialPinInput,
  suspectThresholdInput,
  suspectsInput,
} from '#shared/schemas/serial-verdict.ts';

/** The company whose rows a caller sees: a company role's own; SUPER_ADMIN has none here. */
function ownCompany(companyId: number | null): number {
  if (companyId === null) throw new AppError('BAD_REQUEST', vi.errors.noCompany);
  return companyId;
}

/**
 * The public side of serialized codes and the company's view of it (issue 32, decisions 206-208), spread
 * into the `serials` router beside the batches' procedures.
 */
export const serialVerdictProcedures = {
  /** The verdict as it stands (GET /api/serials/{serial}); counts nothing. */
  verdict: publicProcedure.input(serialInput).query(({ ctx, input }) => readVerdict(ctx, input.serial)),
  /** An open from the app (its scanner, or the page sharing the phone's position): counted as the page's. */
  open: publicProcedure.input(serialOpenInput).mutation(async ({ ctx, input }) =>
    openSerial(ctx, {
      serial: input.serial,
      browserId: input.browserId,
      userAgent: ctx.req.userAgent,
      viewerCompanyId: ctx.user?.companyId ?? (await memberCompanyOf(ctx, input.memberMark)),
      ...placeOf(ctx.req.networkProvince, input.lat, input.lon),
    }),
  ),
  verifyPin: publicProcedure
    .input(serialPinInput)
    .mutation(({ ctx, input }) => verifySerialPin(ctx, input.serial, input.pin)),
  reportFake: publicProcedure.input(fakeReportInput).mutation(({ ctx, input }) =>
    reportFake(
      ctx,
      {
        serial: input.serial,
        shopName: input.shopName,
        note: input.note,
        productId: input.productId,
        photo: input.photo,
      },
      placeOf(ctx.req.networkProvince, input.lat, input.lon),
    ),
  ),
  suspects: companyProcedure('manage', 'Product')
    .input(suspectsInput)
    .query(({ ctx, input }) => listSuspects(ctx, ownCompany(ctx.companyId), input.limit)),
  listReports: companyProcedure('manage', 'Product')
    .input(listReportsInput)
    .query(({ ctx, input }) => listFakeReports(ctx, ownCompany(ctx.companyId), input)),
  setSuspectThreshold: companyProcedure('manage', 'Manage')
    .input(suspectThresholdInput)
    .mutation(({ ctx, input }) => setSuspectThreshold(ctx, ownCompany(ctx.companyId), input.threshold)),
};
