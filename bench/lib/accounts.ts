import { createDb } from '#server/db/client.ts';
import { fillNameSortKeys } from '#server/db/name-sort.ts';
import { hashPassword } from '#server/auth/password.ts';

export interface Account {
  email: string;
  password: string;
}

/**
 * Writes a company and signed-up users straight into the database file, before the server starts:
 * the benchmarks need a COMPANY_ADMIN and a SUPER_ADMIN without going through e-mail verification.
 * createDb applies the migrations, so this also works on an empty data directory. The hash is the
 * app's own (cost 12 keeps the sign-in quick; the stored cost travels with the hash).
 */
export async function addAccounts(
  dbPath: string,
  users: Array<Account & { role: 'SUPER_ADMIN' | 'COMPANY_ADMIN'; companyId: number | null }>,
  company?: { name: string },
): Promise<void> {
  const { sqlite } = createDb(dbPath);
  const now = Date.now();
  if (company) {
    sqlite
      .prepare(
        'INSERT INTO companies (name, representative, address, email, business_license, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(company.name, 'Nguyễn Văn A', 'Buôn Ma Thuột, Đắk Lắk', 'lienhe@example.vn', 'GP-0001', now, now);
  }
  const insert = sqlite.prepare(
    `INSERT INTO users (name, email, password_hash, status, role, company_id, created_at, updated_at)
     VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?)
     ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, role = excluded.role,
       company_id = excluded.company_id, status = 'ACTIVE', deleted_at = NULL`,
  );
  for (const u of users) {
    insert.run(
      `Bench ${u.role}`,
      u.email.toLowerCase(),
      await hashPassword(u.password, 12),
      u.role,
      u.companyId,
      now,
      now,
    );
  }
  fillNameSortKeys(sqlite);
  sqlite.close();
}

/** POST /api/auth/login -> the bearer token. */
export async function login(base: string, account: Account): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { data?: { session?: { accessToken?: string } } };
  const token = body.data?.session?.accessToken;
  if (!res.ok || !token)
    throw new Error(`login of ${account.email} failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return token;
}
