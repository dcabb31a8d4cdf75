import type { Locator } from '@playwright/test';

/** Where an element is on screen; a journey that measures it fails plainly when it is not shown. */
export async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
