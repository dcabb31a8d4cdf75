import { vi } from '#shared/i18n/vi/index.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const s = vi.supplyChain.status;

/** A lot's status in the supply chain's answers: a recall outranks a hold. */
export function LotStatusBadge({ status }: { status: 'RECALLED' | 'HELD' | 'OK' }) {
  if (status === 'RECALLED') return <Badge tone="danger">{s.recalled}</Badge>;
  if (status === 'HELD') return <Badge tone="warning">{s.held}</Badge>;
  return <Badge tone="ok">{s.ok}</Badge>;
}
