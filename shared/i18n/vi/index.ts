/**
 * The Vietnamese messages: every string a person sees, server and client alike. One folder, a file per
 * area so that parallel work does not collide; `vi` is the single object everything reads.
 */
import { api } from './api.ts';
import { authScreens } from './auth-screens.ts';
import { client } from './client.ts';
import { companies } from './companies.ts';
import { documents } from './documents.ts';
import { errors } from './errors.ts';
import { gs1 } from './gs1.ts';
import { health } from './health.ts';
import { lots } from './lots.ts';
import { mail } from './mail.ts';
import { nav } from './nav.ts';
import { products } from './products.ts';
import { publicPages } from './public.ts';
import { scan } from './scan.ts';
import { serialVerdict } from './serial-verdict.ts';
import { supplyChain } from './supply-chain.ts';
import { translations } from './translations.ts';
import { users } from './users.ts';
import { validation } from './validation.ts';
import { workspace } from './workspace.ts';
import { workspaceImport } from './workspace-import.ts';

export const vi = {
  api,
  errors,
  mail,
  validation,
  users,
  companies,
  documents,
  nav,
  client,
  authScreens,
  products,
  scan,
  publicPages,
  workspaceImport,
  workspace,
  lots,
  gs1,
  health,
  supplyChain,
  serialVerdict,
  translations,
} as const;
export type Messages = typeof vi;
