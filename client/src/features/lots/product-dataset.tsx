import { useQuery } from '@tanstack/react-query';
import { missingDatasetItems } from '#shared/gs1/dataset.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { DatasetChecklist, MissingBeforePublish } from './dataset-checklist.tsx';

interface FormFacts {
  name: string;
  images: string[];
  status: 'ACTIVE' | 'INACTIVE';
  gtin: string;
  brand: string;
  standards: string;
  shelfLife: string;
  trackings: { location: string; date: string }[];
}

/**
 * The product form's Thông tư 02/2024 check (decision 127), from what is typed: the producer and its
 * address are the company's profile, the production time and expiry the lots'. `publish` is the note
 * under the status (only when ACTIVE is chosen), `checklist` the ten items.
 */
export function ProductDataset({
  part,
  form,
  productId,
  companyId,
}: {
  part: 'publish' | 'checklist';
  form: FormFacts;
  productId: number | null;
  companyId: number | null | undefined;
}) {
  const trpc = useTRPC();
  const company = useQuery({
    ...trpc.companies.byId.queryOptions({ id: companyId ?? 0 }),
    enabled: !!companyId,
  });
  const lots = useQuery({
    ...trpc.lots.list.queryOptions({ productId: productId ?? 0 }),
    enabled: productId !== null,
  });
  const missing = missingDatasetItems({
    name: form.name,
    images: form.images,
    companyName: company.data?.name,
    companyAddress: company.data?.address,
    trackings: form.trackings,
    lots: (lots.data ?? []).filter((l) => !l.recalled),
    // Every product gets a QR code on its first save.
    qrCode: 'assigned',
    gtin: form.gtin,
    brand: form.brand,
    standards: form.standards,
    shelfLife: form.shelfLife,
  });
  if (part === 'publish') return form.status === 'ACTIVE' ? <MissingBeforePublish missing={missing} /> : null;
  return <DatasetChecklist missing={missing} />;
}
