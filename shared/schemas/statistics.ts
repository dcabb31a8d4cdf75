import { z } from 'zod';
import { idSchema } from './common.ts';

/** SUPER_ADMIN may narrow the dashboard to one company; a company role always gets its own. */
export const dashboardInput = z.strictObject({ companyId: idSchema.optional() });

export const SCAN_DAYS = 30;
export const TOP_PRODUCTS = 5;

/** One calendar day in Vietnam (UTC+7), oldest first, zero-filled. */
const scansByDay = z.array(z.object({ date: z.string(), count: z.number() }));

export const dashboardOutput = z.object({
  totalProducts: z.number(),
  activeProducts: z.number(),
  inactiveProducts: z.number(),
  totalScans: z.number(),
  scansByDay,
  topProducts: z.array(z.object({ id: z.number(), name: z.string(), scans: z.number() })),
  /** Scans of the company's currently recalled lots (decision 126). */
  recalledLotScans: z.number(),
});
export type DashboardStatistics = z.infer<typeof dashboardOutput>;

export const generalOutput = z.object({
  totalUsers: z.number(),
  totalCompanies: z.number(),
  totalProducts: z.number(),
  totalScans: z.number(),
  scansByDay,
});
