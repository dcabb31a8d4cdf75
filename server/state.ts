import { memberMarkKey } from '#server/auth/member-mark.ts';
import { createTokens, type Tokens } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import type { DatabaseStore } from '#server/db/store.ts';
import type { Settings } from '#server/env.ts';
import { createLoadGate, DEFAULT_LOAD_GATE, type LoadGate } from '#server/http/overload.ts';
import { securityHeaderRecord } from '#server/http/security-headers.ts';
import { createLimits, type Limits } from '#server/security/limits.ts';
import { type ActorLookup, createActorLookup } from '#server/services/accounts/actors.ts';
import { createProductLists, type ProductLists } from '#server/services/products/list.ts';
import { createSerialJobs, type SerialJobs } from '#server/services/serials/jobs.ts';

/** Work to run on shutdown after the last request, before the database closes (e.g. buffered writes). */
export type ShutdownHook = () => void | Promise<void>;

/**
 * What the app keeps between requests: caches, prepared statements, limits, shutdown hooks. Built once
 * per app by createAppDeps (server/compose.ts) and carried in AppDeps, never held in a
 * module: two apps in one process (tests, a script beside the server) share nothing, and shutdown can
 * reach everything it must flush (docs/architecture.md, "Layers"; decision 115).
 */
export interface AppState {
  /** Brute-force limits and the bounded hashing queue (server/security/limits.ts). */
  limits: Limits;
  /** Access tokens signed and verified with the app's secret, verified ones kept (bounded). */
  tokens: Tokens;
  /** Member marks (server/auth/member-mark.ts): signed with a key of their own, never taken as access tokens. */
  memberMarks: Tokens;
  /** The signed-in user's row, read on every signed-in request. */
  actors: ActorLookup;
  /** The product list's statements and kept totals and ids (server/services/products/list.ts). */
  productLists: ProductLists;
  /** Registered with onShutdown (server/server.ts); run by close() in order. */
  shutdownHooks: ShutdownHook[];
  /** The bound on the public path's work: past it, 503 at once (server/http/overload.ts, decision 182). */
  loadGate: LoadGate;
  /** The serial batches' generation jobs running here (server/services/serials/jobs.ts, decision 205). */
  serialJobs: SerialJobs;
}

export function createAppState(settings: Settings, store: { db: Db; store: DatabaseStore }): AppState {
  return {
    // Counted in PostgreSQL when the app runs there, so every instance counts the same attempts (decision 157).
    limits: createLimits(settings, store.store.engine === 'pg' ? { pgPool: store.store.pool } : {}),
    tokens: createTokens(settings.jwtSecret),
    memberMarks: createTokens(memberMarkKey(settings.jwtSecret), { max: 1000 }),
    actors: createActorLookup(store.db),
    productLists: createProductLists(store),
    shutdownHooks: [],
    loadGate: createLoadGate(
      { ...DEFAULT_LOAD_GATE, maxWaitMs: settings.overloadWaitMs },
      securityHeaderRecord(settings),
    ),
    serialJobs: createSerialJobs(),
  };
}
