import { companyDashboard, generalStatistics } from '#server/services/statistics/dashboard.ts';
import { can, companyProcedure, router } from '#server/trpc/init.ts';
import { dashboardInput, dashboardOutput, generalOutput } from '#shared/schemas/statistics.ts';

export const statisticsRouter = router({
  /**
   * The caller's company (COMPANY_ADMIN, EMPLOYEE), whatever companyId it sends; SUPER_ADMIN: the
   * named company, or every company without one.
   */
  dashboard: companyProcedure('read', 'Manage')
    .input(dashboardInput.optional())
    .output(dashboardOutput)
    .query(({ ctx, input }) => companyDashboard(ctx, ctx.companyId ?? input?.companyId ?? null)),
  /** The whole site, for SUPER_ADMIN and MODERATOR. */
  general: can('manage', 'Admin')
    .output(generalOutput)
    .query(({ ctx }) => generalStatistics(ctx)),
});
