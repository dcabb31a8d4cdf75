import type { Executor } from '../../db/client.ts';
import { scanEvents } from '../../db/schema/index.ts';
import { deviceClass } from './device.ts';

export interface ScanFacts {
  productId: number;
  companyId: number;
  /** The signed-in scanner, or null for a visitor. */
  userId: number | null;
  userAgent: string;
}

/**
 * Records one public resolve for the company's statistics. Only the coarse device class is derived
 * from the request: the IP address and the User-Agent itself are never stored.
 */
export function recordScanEvent(db: Executor, facts: ScanFacts): void {
  db.insert(scanEvents)
    .values({
      productId: facts.productId,
      companyId: facts.companyId,
      userId: facts.userId,
      device: deviceClass(facts.userAgent),
      createdAt: new Date(),
    })
    .run();
}
