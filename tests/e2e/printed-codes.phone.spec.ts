/** The printed-codes journeys (support/printed-codes.ts) on a 390 px phone; the desktop's are printed-codes.spec.ts. */
import { printedCodeJourneys } from './support/printed-codes.ts';
import { test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

printedCodeJourneys('phone');
