/**
 * The titles of a GS1 linkset's page links in each public language (issue 33, decision 212): the linkset
 * lists a page once per language the company publishes, each titled in its own language, so a GS1 app
 * that offers a reader the links shows each in the language it opens in.
 */
import type { PublicLanguage } from './languages.ts';
import { gs1 } from './vi/gs1.ts';

export interface PageLinkTitles {
  pip: string;
  traceability: string;
  homepage: string;
  recallStatus: string;
}

export const GS1_PAGE_LINK_TITLES: Record<PublicLanguage, PageLinkTitles> = {
  vi: {
    pip: gs1.linkTitles.pip,
    traceability: gs1.linkTitles.traceability,
    homepage: gs1.linkTitles.homepage,
    recallStatus: gs1.recalled,
  },
  en: {
    pip: 'Product information',
    traceability: 'Traceability',
    homepage: 'Company information',
    recallStatus: 'This lot has been recalled',
  },
  'zh-Hans': {
    pip: '产品信息',
    traceability: '溯源信息',
    homepage: '企业信息',
    recallStatus: '该批次已被召回',
  },
};
