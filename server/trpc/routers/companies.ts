import { z } from 'zod';
import type { TermKind } from '#server/db/schema/index.ts';
import { getCompanyProfile, listCompanies } from '#server/services/companies/profile.ts';
import { deleteTerms, listTerms, termsCompany, upsertTerms } from '#server/services/companies/terms.ts';
import {
  deleteCompanyTranslation,
  getCompanyTranslation,
  putCompanyTranslation,
  setCompanyLanguages,
} from '#server/services/translations/translations.ts';
import { can, companyProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import {
  categoriesInput,
  companyIdInput,
  companyListInput,
  companyListOutput,
  publicCompanySchema,
  tagsInput,
  termListInput,
  unitsInput,
} from '#shared/schemas/companies.ts';
import {
  putCompanyTranslationInput,
  setLanguagesInput,
  translationKeyInput,
} from '#shared/schemas/translations.ts';

const termsOutput = z.array(z.string());

/**
 * list / upsert / delete for one of the company's lists. Reading is for the company's members
 * (COMPANY_ADMIN, EMPLOYEE) and SUPER_ADMIN; changing for COMPANY_ADMIN and SUPER_ADMIN.
 */
type TermsBody<F extends string> = Record<F, string[]> & { companyId?: number };

function termsRouter<F extends string>(
  kind: TermKind,
  field: F,
  schema: z.ZodType<TermsBody<F>, Record<F, string[]> & { companyId?: unknown }>,
) {
  // The generic schema leaves tRPC unsure the input is defined; the schema guarantees it.
  const company = (
    ctx: Parameters<typeof termsCompany>[0] & { companyId: number | null },
    body: TermsBody<F>,
  ) => termsCompany(ctx, ctx.companyId, body.companyId);
  return router({
    list: companyProcedure('read', 'Manage')
      .input(termListInput.optional())
      .output(termsOutput)
      .query(async ({ ctx, input }) =>
        listTerms(ctx, await termsCompany(ctx, ctx.companyId, input?.companyId), kind),
      ),
    upsert: companyProcedure('manage', 'Manage')
      .input(schema)
      .output(termsOutput)
      .mutation(async ({ ctx, input }) => {
        const body = input as TermsBody<F>;
        return upsertTerms(ctx, await company(ctx, body), kind, body[field]);
      }),
    delete: companyProcedure('manage', 'Manage')
      .input(schema)
      .output(termsOutput)
      .mutation(async ({ ctx, input }) => {
        const body = input as TermsBody<F>;
        return deleteTerms(ctx, await company(ctx, body), kind, body[field]);
      }),
  });
}

export const companiesRouter = router({
  /** The public profile shown beside a product. */
  byId: publicProcedure
    .input(companyIdInput)
    .output(publicCompanySchema)
    .query(({ ctx, input }) => getCompanyProfile(ctx, input.id)),
  /** Every company, for SUPER_ADMIN and MODERATOR. */
  all: can('manage', 'Admin')
    .input(companyListInput.optional())
    .output(companyListOutput)
    .query(({ ctx, input }) => listCompanies(ctx, input ?? companyListInput.parse({}))),
  /**
   * The profile in other languages and the languages the company publishes (decision 210): changed by
   * whoever edits the company's profile (auth.updateCompany), read by its members.
   */
  getTranslation: companyProcedure('read', 'Manage')
    .input(translationKeyInput)
    .query(({ ctx, input }) => getCompanyTranslation(ctx, ctx.companyId, input)),
  putTranslation: companyProcedure('manage', 'Manage')
    .input(putCompanyTranslationInput)
    .output(publicCompanySchema)
    .mutation(({ ctx, input }) => putCompanyTranslation(ctx, ctx.companyId, input)),
  deleteTranslation: companyProcedure('manage', 'Manage')
    .input(translationKeyInput)
    .output(publicCompanySchema)
    .mutation(({ ctx, input }) => deleteCompanyTranslation(ctx, ctx.companyId, input)),
  setLanguages: companyProcedure('manage', 'Manage')
    .input(setLanguagesInput)
    .output(publicCompanySchema)
    .mutation(({ ctx, input }) => setCompanyLanguages(ctx, ctx.companyId, input)),
  categories: termsRouter('category', 'categories', categoriesInput),
  units: termsRouter('unit', 'units', unitsInput),
  tags: termsRouter('tag', 'tags', tagsInput),
});
