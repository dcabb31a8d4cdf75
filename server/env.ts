import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting, read once at start from the environment (see .env.example). A bad value stops the
 * start with one line per bad setting, naming it; nothing half-starts.
 */
const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_PATH: z.string().optional(),
  // The message never repeats the value: it holds the database password.
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
      'must be a PostgreSQL address such as postgres://user:password@host:5432/database',
    )
    .optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 15m, 12h or 7d')
    .default('7d'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Truy xuất nguồn gốc <no-reply@localhost>'),
  COMING_SOON_DATE: z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date such as 2027-01-31')
    .optional(),
  DEFAULT_REDIRECT_PATH: z
    .string()
    .regex(/^\/(?!\/)[^\s]*$/, 'must be a path inside the app, such as /products/manage')
    .default('/'),
  DEMO: bool.default(false),
  TRUST_PROXY: bool.default(false),
  SERIAL_PROVINCE_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name, such as X-Province')
    .optional(),
  ACCOUNT_MAILS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CORS_ORIGIN: z.string().optional(),
  SCAN_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  PHOTO_SCAN_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(15 * 1024 * 1024),
  PLOT_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  SCAN_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(250),
  SERIAL_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(250),
  OVERLOAD_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(30),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** The two database engines the app runs on (decisions 150 and 153). */
export type DatabaseEngine = 'sqlite' | 'pg';

export interface Settings {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file; unused when databaseUrl is set. */
  databasePath: string;
  /** PostgreSQL instead of the SQLite file (docs/deploy.md, "Many servers"); undefined: SQLite. */
  databaseUrl?: string;
  /**
   * The engine this process runs on, fixed for its life: 'pg' when DATABASE_URL is set, else 'sqlite'. The
   * composition (server/compose.ts) opens that engine's database, whose handle carries its tables.
   */
  databaseEngine: DatabaseEngine;
  /** Uploaded pictures: with several instances, a directory every one of them sees (decision 156). */
  uploadsDir: string;
  /** Names this process in its logs: several instances write to one place. */
  instanceId: string;
  outboxDir: string;
  publicUrl: string;
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  comingSoonDate?: string;
  defaultRedirectPath: string;
  demo: boolean;
  trustProxy: boolean;
  /**
   * The header a trusted reverse proxy sets to the visitor's province (from its own GeoIP), read for a
   * serial's open when the phone's position was not shared (decision 207); unset: the province is unknown.
   */
  serialProvinceHeader?: string;
  /** Account requests that may send mail (sign-up, resend code, forgot password) per address and 15 minutes. */
  accountMailsPerAddress: number;
  corsOrigins: string[];
  scanRetentionMonths: number;
  uploadMaxBytes: number;
  /** Largest photo sent to POST /products/scan-qr (a phone's original photo; decision 120). */
  photoScanMaxBytes: number;
  /** Largest plot file sent to POST /plots/import (decision 218). */
  plotImportMaxBytes: number;
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** Scan events are written in batches this often (ms); 0 writes each at once. */
  scanFlushMs: number;
  /**
   * How long a serialized code's counted opens wait in memory before they are written (decision 230); 0:
   * each open is its own transaction and nothing is kept (the tests' default).
   */
  serialFlushMs: number;
  /** How long a public request may wait in an overloaded loop before it is refused with 503; 0: never (decision 182). */
  overloadWaitMs: number;
  /** log2 of scrypt's N (15: N = 32768); tests lower it to stay fast. */
  passwordHashCost: number;
  logLevel: Env['LOG_LEVEL'];
}

export class SettingsError extends Error {
  constructor(public readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

const TTL_UNITS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const ttlSeconds = (ttl: string) =>
  Number(ttl.slice(0, -1)) * TTL_UNITS[ttl.slice(-1) as keyof typeof TTL_UNITS];

/** The signing secret: JWT_SECRET, or one generated once and kept in DATA_DIR so restarts keep sessions. */
function signingSecret(fromEnv: string | undefined, dataDir: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Parses the environment. Throws SettingsError with one line per bad setting. Creates DATA_DIR. */
export function loadSettings(source: Record<string, string | undefined> = process.env): Settings {
  // Empty strings in a .env file mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map((i) => `Invalid setting ${String(i.path[0])}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const lines: string[] = [];
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    lines.push('Invalid setting ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither');
  }
  if (ttlSeconds(e.JWT_TTL) > 30 * 86400) lines.push('Invalid setting JWT_TTL: at most 30d');
  // A secret generated into DATA_DIR stays on one machine: a token signed by one instance would be refused
  // by the others (decision 156).
  if (e.DATABASE_URL !== undefined && e.JWT_SECRET === undefined) {
    lines.push(
      'Invalid setting JWT_SECRET: required when DATABASE_URL is set (every instance must sign with the same secret)',
    );
  }
  if (lines.length) throw new SettingsError(lines);

  const dataDir = resolve(e.DATA_DIR);
  const uploadsDir = e.UPLOADS_DIR ? resolve(e.UPLOADS_DIR) : join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  mkdirSync(join(dataDir, 'outbox'), { recursive: true });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databasePath: e.DATABASE_PATH ? resolve(e.DATABASE_PATH) : join(dataDir, 'app.db'),
    databaseUrl: e.DATABASE_URL,
    databaseEngine: e.DATABASE_URL === undefined ? 'sqlite' : 'pg',
    uploadsDir,
    instanceId: e.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    outboxDir: join(dataDir, 'outbox'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    jwtSecret: signingSecret(e.JWT_SECRET, dataDir),
    jwtTtlSeconds: ttlSeconds(e.JWT_TTL),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    comingSoonDate: e.COMING_SOON_DATE,
    defaultRedirectPath: e.DEFAULT_REDIRECT_PATH,
    demo: e.DEMO,
    trustProxy: e.TRUST_PROXY,
    serialProvinceHeader: e.SERIAL_PROVINCE_HEADER?.toLowerCase(),
    accountMailsPerAddress: e.ACCOUNT_MAILS_PER_ADDRESS,
    corsOrigins: e.CORS_ORIGIN
      ? e.CORS_ORIGIN.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    scanRetentionMonths: e.SCAN_RETENTION_MONTHS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    photoScanMaxBytes: e.PHOTO_SCAN_MAX_BYTES,
    plotImportMaxBytes: e.PLOT_IMPORT_MAX_BYTES,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    scanFlushMs: e.SCAN_FLUSH_MS,
    serialFlushMs: e.SERIAL_FLUSH_MS,
    overloadWaitMs: e.OVERLOAD_WAIT_MS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
  };
}
