import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';

type Out = inferRouterOutputs<AppRouter>;

/** A partner as the workspace's list answers it. */
export type PartnerRow = Out['partners']['list']['partners'][number];
/** What the workspace's lot page shows at once (supplyChain.lot). */
export type LotOverview = Out['supplyChain']['lot'];
export type Movement = LotOverview['receipts'][number];
export type InputLink = LotOverview['inputs'][number];
export type LotSummary = InputLink['lot'];
export type TraceAnswer = Out['supplyChain']['trace'];
export type RecallScopeAnswer = Out['supplyChain']['recallScope'];
