/** Accounts for journeys: unique e-mails, an ACTIVE user made through the API, and signing in through the UI. */
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { verificationCode } from './outbox.ts';

export const PASSWORD = 'Hanh-trinh-e2e-2026!';

/** A fresh address per call, so runs and tests never collide. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@e2e.test`;

export interface CreatedUser {
  email: string;
  password: string;
  name: string;
  accessToken: string;
}

/** Signs up over REST, reads the code from the outbox and verifies: an ACTIVE USER or COMPANY_ADMIN. */
export async function createActiveUser(
  request: APIRequestContext,
  { business = false, name = 'Người dùng E2E', email = uniqueEmail(business ? 'biz' : 'user') } = {},
): Promise<CreatedUser> {
  const since = Date.now() - 1000;
  const company = business
    ? {
        name: 'Công ty E2E',
        representative: 'Trần Đại Diện',
        address: '1 Lê Lợi, Huế',
        email,
        business_license: 'GP-0001',
      }
    : undefined;
  const reg = await request.post('/api/auth/register', {
    data: { name, email, password: PASSWORD, isBusiness: business, ...(company ? { company } : {}) },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const code = await verificationCode(email, since);
  const verified = await request.post('/api/auth/verify-email', { data: { email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  const body = (await verified.json()) as { data: { session: { accessToken: string } } };
  return { email, password: PASSWORD, name, accessToken: body.data.session.accessToken };
}

/** Fills and sends the sign-in form of the page already open (`/auth/sign-in`, with or without `?next=`). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu').fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** Signs in through the sign-in page and waits until the guard has sent the user on. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
}

/**
 * The browser forgets its account, as a shopper's phone would not know it: the stored session is cleared
 * on a same-origin document that runs none of the app's code (the manifest), so no request of the
 * signed-in page (a list refetched after a save, say) can leave without its token and meet a 401.
 */
export async function forgetAccount(page: Page): Promise<void> {
  await page.goto('/manifest.webmanifest');
  await page.evaluate(() => localStorage.clear());
}
