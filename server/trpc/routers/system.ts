import { AppError } from '#server/errors.ts';
import { NOT_READY_RETRY_AFTER_SECONDS } from '#server/health.ts';
import { publicProcedure, router } from '#server/trpc/init.ts';
import { vi } from '#shared/i18n/vi/index.ts';

export const systemRouter = router({
  /**
   * Liveness: answered whenever the process can answer, without touching the database (decision 179): the
   * status (`starting`, `ok`, `degraded`), whether the instance is ready and why not.
   */
  health: publicProcedure.query(({ ctx }) => ctx.health.report()),
  /**
   * Readiness: the same report when the instance should be sent traffic; else 503 with Retry-After and the
   * reasons that keep it out, each with its line (the REST envelope's `errors`).
   */
  ready: publicProcedure.query(({ ctx }) => {
    const report = ctx.health.report();
    if (!report.ready) {
      throw new AppError('SERVICE_UNAVAILABLE', vi.health.notReady, {
        retryAfter: NOT_READY_RETRY_AFTER_SECONDS,
        fields: Object.fromEntries(report.reasons.map((r) => [r.key, r.message])),
      });
    }
    return report;
  }),
  /** What the client needs from the server's settings. */
  config: publicProcedure.query(({ ctx }) => ({
    comingSoonDate: ctx.settings.comingSoonDate ?? null,
    defaultRedirectPath: ctx.settings.defaultRedirectPath,
    publicUrl: ctx.settings.publicUrl,
    scanRetentionMonths: ctx.settings.scanRetentionMonths,
  })),
});
