import { publicProcedure, router } from '#server/trpc/init.ts';

export const systemRouter = router({
  /** 200 when the database answers. */
  health: publicProcedure.query(async ({ ctx }) => {
    // A builder query: awaitable on both engines (decision 150), where a raw `select 1` is not.
    const { users } = ctx.db.tables;
    await ctx.db.select({ id: users.id }).from(users).limit(1);
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
