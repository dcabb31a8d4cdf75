import { sql } from 'drizzle-orm';
import { publicProcedure, router } from '#server/trpc/init.ts';

export const systemRouter = router({
  /** 200 when the database answers. */
  health: publicProcedure.query(({ ctx }) => {
    ctx.db.get(sql`select 1`);
    return { status: 'ok' as const };
  }),
  /** What the client needs from the server's settings. */
  config: publicProcedure.query(({ ctx }) => ({
    comingSoonDate: ctx.settings.comingSoonDate ?? null,
    defaultRedirectPath: ctx.settings.defaultRedirectPath,
    publicUrl: ctx.settings.publicUrl,
    scanRetentionMonths: ctx.settings.scanRetentionMonths,
  })),
});
