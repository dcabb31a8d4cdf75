import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seed } from '#bench/seed.ts';

export const DATASET_DIR = resolve('bench/.data');
const PRODUCTS = 100_000;

/**
 * The 100,000-product dataset in bench/.data (seeded when missing or asked), and the codes its public
 * resolve is measured with (nine in ten: the tenth are left unbound).
 */
export function seededDataset(reseed = false): string[] {
  if (reseed || !existsSync(join(DATASET_DIR, 'app.db'))) {
    console.log(`Seeding ${PRODUCTS} products...`);
    const { codes, seconds } = seed(DATASET_DIR, PRODUCTS);
    writeFileSync(join(DATASET_DIR, 'codes.txt'), codes.filter((_, i) => i % 10 !== 9).join('\n'));
    console.log(`  done in ${seconds.toFixed(1)} s`);
  }
  return readFileSync(join(DATASET_DIR, 'codes.txt'), 'utf8').split('\n').filter(Boolean);
}
