/** Business constants (limits, patterns, sizes the server and the client must agree on), in one place. */
export const APP_NAME = 'Truy xuất nguồn gốc';
export const APP_VERSION = '1.0.0';

export const USER_PAGE_SIZE = 20;
export const PRODUCT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Here rather than beside their schemas: the public pages read them without loading zod (decision 140). */
export const SCAN_LOG_PAGE_SIZE = 10;
/** The public company page lists its ACTIVE products a page at a time. */
export const PUBLIC_COMPANY_PRODUCTS_PAGE_SIZE = 12;

export const USER_STATUSES = ['PENDING', 'ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const DOCUMENT_KEYS = ['traceability', 'termsAndServices'] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

export const VERIFY_CODE_TTL_MINUTES = 15;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_SECONDS = 60;
export const RESET_TOKEN_TTL_MINUTES = 30;
/** An invitation's set-your-password link: people open their mail later than a reset they asked for. */
export const INVITE_TOKEN_TTL_DAYS = 7;

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only keeps a hash call from being used to burn CPU. */
export const PASSWORD_MAX = 256;

/**
 * The most calls one tRPC batch may carry; the server refuses a larger batch whole, before any work
 * (decision 081), and the client's batch link splits its calls to fit.
 */
export const TRPC_MAX_BATCH = 10;

/**
 * The largest id: 2^31 - 1, what PostgreSQL's integer column holds; a larger one names nothing on either
 * engine (decision 166). Here, not in the schemas, so that the phone pages can check an id without zod.
 */
export const ID_MAX = 2_147_483_647;

/** What a QR code looks like: generated codes are 12 lower-case characters; a company may type its own. */
export const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

/**
 * The guest history merged at sign-in; the client keeps at most this many. Here, not in the schemas:
 * the phone pages read it and must not load zod (their entry stays small: decision 074).
 */
export const SCAN_LOG_MERGE_MAX = 200;

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** Local storage keys. */
/**
 * The element of a server-rendered public page that carries the page's answer as JSON (never executed,
 * so the CSP's script-src 'self' holds): the client app starts from it instead of asking again.
 */
export const FIRST_VIEW_ELEMENT_ID = 'first-view';

export const STORAGE_KEYS = {
  session: 'session',
  rememberMe: 'remember-me',
  signUpEmail: 'sign-up-email',
  appSettings: 'app-settings',
  themeMode: 'theme-mode',
  scannedQrs: 'scanned-qrs',
  pendingScans: 'pending-scans',
} as const;
