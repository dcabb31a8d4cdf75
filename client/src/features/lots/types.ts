import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';

type Out = inferRouterOutputs<AppRouter>;

/** A lot as the workspace's list answers it (with its QR codes), and with its timeline. */
export type LotRow = Out['lots']['list'][number];
export type LotDetail = Out['lots']['get'];
export type PublicLotAnswer = Out['lots']['publicById'];
