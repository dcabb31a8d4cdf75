import { vi } from '#shared/i18n/vi/index.ts';
import type { Logger } from './logger.ts';

/**
 * Every reason this instance may be less than well, in one table (decision 179): whether it takes the
 * instance out of a load balancer's rotation (`ready: false`: /api/health/ready answers 503 while it holds),
 * and its line in vi.health.reasons. A part that can fail sets its reason when it fails and clears it when
 * it recovers (`deps.health.set('database')`, `deps.health.clear('database')`); adding a reason is a row
 * here and a line there.
 */
export const HEALTH_REASONS = {
  /** The database is not prepared yet (migrations, start-up work): nothing that needs it is served. */
  starting: { ready: false },
  /** The database cannot be reached (PostgreSQL: the change feed's connection is down and not back yet). */
  database: { ready: false },
  /**
   * The disk had no room for a write lately (server/lib/disk-full.ts, decision 181): writes are refused, reads
   * go on, so the instance stays in rotation and says it is degraded.
   */
  disk: { ready: true },
} as const satisfies Record<keyof typeof vi.health.reasons, { ready: boolean }>;

/** How long a load balancer or a client is told to wait before asking an instance that is not ready again. */
export const NOT_READY_RETRY_AFTER_SECONDS = 5;

export type HealthReasonKey = keyof typeof HEALTH_REASONS;

export interface HealthReport {
  /** `starting` until the start is done; then `degraded` while any reason holds, else `ok`. */
  status: 'starting' | 'ok' | 'degraded';
  /** Whether a load balancer should send this instance traffic (no reason with `ready: false` holds). */
  ready: boolean;
  reasons: Array<{ key: HealthReasonKey; message: string; since: string }>;
}

/**
 * The health of one app (AppDeps.health), built by createAppDeps: `starting` is set until the start is done
 * (server/compose.ts). Each change is one log line (`health.changed`) with the status and the reasons, so an
 * operator sees in the log when an instance left and rejoined the rotation.
 */
export class Health {
  private readonly reasons = new Map<HealthReasonKey, number>([['starting', Date.now()]]);

  constructor(private readonly logger?: Pick<Logger, 'info' | 'warn'>) {}

  set(key: HealthReasonKey): void {
    if (this.reasons.has(key)) return;
    this.reasons.set(key, Date.now());
    this.changed('warn');
  }

  clear(key: HealthReasonKey): void {
    if (!this.reasons.delete(key)) return;
    this.changed('info');
  }

  has(key: HealthReasonKey): boolean {
    return this.reasons.has(key);
  }

  /** Until the database is prepared and the start-up work done: requests that need the database wait. */
  get starting(): boolean {
    return this.reasons.has('starting');
  }

  get ready(): boolean {
    for (const key of this.reasons.keys()) if (!HEALTH_REASONS[key].ready) return false;
    return true;
  }

  report(): HealthReport {
    return {
      status: this.starting ? 'starting' : this.reasons.size ? 'degraded' : 'ok',
      ready: this.ready,
      reasons: [...this.reasons].map(([key, since]) => ({
        key,
        message: vi.health.reasons[key],
        since: new Date(since).toISOString(),
      })),
    };
  }

  private changed(level: 'info' | 'warn'): void {
    const { status, ready } = this.report();
    this.logger?.[level](
      { event: 'health.changed', status, ready, reasons: [...this.reasons.keys()] },
      `health: ${status}${ready ? '' : ', not ready'}`,
    );
  }
}

export function createHealth(logger?: Pick<Logger, 'info' | 'warn'>): Health {
  return new Health(logger);
}
