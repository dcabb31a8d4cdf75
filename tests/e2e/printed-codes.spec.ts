/** The printed-codes journeys (support/printed-codes.ts) on a desktop; the phone's are printed-codes.phone.spec.ts. */
import { printedCodeJourneys } from './support/printed-codes.ts';

printedCodeJourneys('desktop');
