import type { UserStatus } from '#shared/constants.ts';
import type { Role } from '#shared/permissions.ts';

/**
 * Who acts and from where, as services see them. Domain types, not transport ones: the adapters
 * (tRPC context, REST, the public http routes) build them from a request; services only read them,
 * so they never import from server/trpc, server/rest or server/http (docs/architecture.md, "Layers").
 */

/** The signed-in user: what authorization needs, nothing more. */
export interface Actor {
  id: number;
  role: Role;
  companyId: number | null;
  status: UserStatus;
  tokenVersion: number;
}

export interface RequestInfo {
  /** The client address (the socket's, or the trusted proxy's X-Forwarded-For). */
  ip: string;
  userAgent: string;
  requestId: string;
  /**
   * The visitor's province named by a trusted proxy's header (SERIAL_PROVINCE_HEADER, decision 207), one of
   * the 34; absent when not configured or not one of them. Never the address itself.
   */
  networkProvince?: string;
}
