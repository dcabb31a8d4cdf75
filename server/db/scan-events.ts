/** The one statement a scan event is written with, on the background writer's thread or on the main connection. */
export const SCAN_EVENT_INSERT =
  'INSERT INTO scan_events (product_id, company_id, user_id, device, created_at, scans, lot_id) VALUES (?, ?, ?, ?, ?, ?, ?)';

export type ScanRow = [
  productId: number,
  companyId: number,
  userId: number | null,
  device: string,
  createdAt: number,
  /** how many scans of this product, by this user (or visitors) on this kind of device, the row stands for */
  scans: number,
  /** the lot whose own code was scanned (decision 126), or null */
  lotId: number | null,
];
