/**
 * The public lot page's growing areas (issue 34, decision 219): the words a shopper reads under a lot's
 * plots, defined with the other public strings in every language (shared/i18n/public/, decision 211); the
 * workspace's plot screens that say the same take them from here.
 */
import { viPublic } from '#shared/i18n/public/vi.ts';

export const plotsPublic = viPublic.plots;
