import { describe, expect, it } from 'vitest';
import { DATASET_ITEMS, type DatasetFacts, missingDatasetItems } from '#shared/gs1/dataset.ts';

const complete: DatasetFacts = {
  name: 'Cà phê Robusta',
  image: '/uploads/a.jpg',
  images: ['/uploads/a.jpg'],
  companyName: 'HTX Cà phê',
  companyAddress: 'Buôn Ma Thuột, Đắk Lắk',
  trackings: [{ location: 'Đắk Lắk', date: '2024-05-01' }],
  lots: [{ productionDate: '2024-05-02', expiryDate: '2025-05-02' }],
  qrCode: 'abc123def456',
  gtin: null,
  brand: 'Robusta Việt',
  shelfLife: null,
  standards: 'TCVN 4193:2014',
};

describe('missingDatasetItems (Thông tư 02/2024/TT-BKHCN)', () => {
  it('finds nothing missing in a complete product', () => {
    expect(missingDatasetItems(complete)).toEqual([]);
  });

  it('lists everything for an empty product, in the Thông tư order', () => {
    expect(
      missingDatasetItems({ name: '', companyName: '', companyAddress: ' ', trackings: [], lots: [] }),
    ).toEqual(DATASET_ITEMS);
  });

  it('wants a place and a time on every stage', () => {
    expect(missingDatasetItems({ ...complete, trackings: [{ location: '', date: '2024-05-01' }] })).toEqual([
      'stages',
    ]);
    expect(
      missingDatasetItems({
        ...complete,
        trackings: [
          { location: 'A', date: '2024-05-01' },
          { location: 'B', date: '' },
        ],
      }),
    ).toEqual(['stages']);
  });

  it('takes production time from the lots and shelf life from the product or a lot', () => {
    expect(missingDatasetItems({ ...complete, lots: [] })).toEqual(['productionTime', 'shelfLife']);
    expect(missingDatasetItems({ ...complete, lots: [], shelfLife: '12 tháng' })).toEqual(['productionTime']);
    expect(missingDatasetItems({ ...complete, lots: [{ productionDate: '2024-01-01' }] })).toEqual([
      'shelfLife',
    ]);
  });

  it('accepts a GTIN as the traceability code and a gallery as the pictures', () => {
    expect(missingDatasetItems({ ...complete, qrCode: '', gtin: '08930000000019' })).toEqual([]);
    expect(missingDatasetItems({ ...complete, qrCode: '', gtin: null })).toEqual(['traceCode']);
    expect(missingDatasetItems({ ...complete, image: null, images: ['/uploads/b.png'] })).toEqual([]);
    expect(missingDatasetItems({ ...complete, image: null, images: [] })).toEqual(['images']);
  });

  it('names each missing text item', () => {
    expect(missingDatasetItems({ ...complete, brand: ' ', standards: null, companyName: null })).toEqual([
      'producer',
      'brand',
      'standards',
    ]);
  });
});
