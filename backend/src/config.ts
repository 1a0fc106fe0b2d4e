import path from 'node:path';
import { z } from 'zod';

/** Where the server runs: embedded (npm start, PGlite), development, or production (PostgreSQL). */
export type Mode = 'embedded' | 'development' | 'production';

const repoRoot = path.resolve(import.meta.dirname, '../..');

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

const url = (name: string, protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const schema = z.object({
  PORT: integer('PORT', 0, 65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  DEPLOY_DIR: z.string().min(1).default(path.join(repoRoot, '.deploy')),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 200).default(10),
  SITE_URL: url('SITE_URL', ['http:', 'https:']).optional(),
  /** Where browsers reach this server's /auth/v1 (email links); defaults to SITE_URL (same origin). */
  API_EXTERNAL_URL: url('API_EXTERNAL_URL', ['http:', 'https:']).optional(),
  /** Comma-separated globs of extra redirect targets, e.g. "https://*.modula.eu/**". */
  URI_ALLOW_LIST: z.string().default(''),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Modula <no-reply@modula.local>'),
  /** The operator address told of every new contact message (issue 17); unset: nobody is. */
  CONTACT_NOTIFY_EMAIL: z.email({ message: 'CONTACT_NOTIFY_EMAIL must be an email address' }).optional(),
  BETA_ACCESS_CODE: z.string().regex(/^\S{4,64}$/, 'BETA_ACCESS_CODE must be 4 to 64 characters without spaces').optional(),
  BETA_GATE: z.enum(['on', 'off']).default('on'),
  DEFAULT_LANGUAGE: z.enum(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr']).default('en'),
  JWT_EXPIRY: integer('JWT_EXPIRY', 120, 604800).default(3600),
  /** Rate-limit window for login and sign-up attempts, in seconds (spec: 15 minutes). */
  RATE_LIMIT_WINDOW: integer('RATE_LIMIT_WINDOW', 1, 86400).default(900),
  RATE_LIMIT_EMAIL_MAX: integer('RATE_LIMIT_EMAIL_MAX', 1, 10000).default(5),
  /** Weighted attempts per client address per window: a success counts 1, a failure 10 (auth/limits.ts). */
  RATE_LIMIT_IP_MAX: integer('RATE_LIMIT_IP_MAX', 1, 100000).default(300),
  MAILER_AUTOCONFIRM: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Lifetime of email links and codes (signup, magic link, recovery, email change), in seconds. */
  MAILER_OTP_EXP: integer('MAILER_OTP_EXP', 60, 86400).default(3600),
  /** Password changes need a reauthentication code unless the session signed in within 24 hours. */
  SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: z
    .enum(['true', 'false'], { message: 'SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /** How long a rotated refresh token may still be used (parallel tabs), in seconds. */
  REFRESH_TOKEN_REUSE_INTERVAL: integer('REFRESH_TOKEN_REUSE_INTERVAL', 0, 3600).default(10),
  /** First retry delay of a failed email, in seconds; doubles on every further failure. */
  MAIL_RETRY_BASE: integer('MAIL_RETRY_BASE', 1, 3600).default(30),
  MAIL_RETRY_MAX: integer('MAIL_RETRY_MAX', 1, 86400).default(3600),
  /** Stripe instead of the local test payment provider: both must be set (README, "Payments"). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)').optional(),
  /** VAT added to plan prices, in percent. */
  VAT_RATE: z.coerce.number({ message: 'VAT_RATE must be a number' }).min(0).max(99).default(21),
  MAIL_MAX_ATTEMPTS: integer('MAIL_MAX_ATTEMPTS', 1, 100).default(15),
  /** How often the mail worker looks for due mail when no notification wakes it, in seconds. */
  MAIL_POLL_INTERVAL: integer('MAIL_POLL_INTERVAL', 1, 3600).default(15),
  MODE: z.enum(['embedded', 'development', 'production']).optional(),
  /**
   * Comma-separated addresses or CIDR ranges of the reverse proxies in front of the server, whose
   * X-Forwarded-For is believed. Only these: trusting every hop would let a client name its own IP
   * and escape the per-IP rate limits.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('127.0.0.1,::1')
    .refine(
      (v) => v.split(',').map((s) => s.trim()).filter(Boolean).every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s)),
      'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The local mail inbox at /dev/inbox shows every sign-in link. Unset: only outside production and
   * only while the server listens on a loopback address; on: also there; off: never. It answers
   * loopback clients only, whatever this says.
   */
  DEV_INBOX: z.enum(['on', 'off'], { message: 'DEV_INBOX must be on or off' }).optional(),
  /** auto: fill an empty catalogue with the demo seed after start; off: never. */
  SEED: z.enum(['auto', 'off']).default('auto'),
  /**
   * Statement timeouts per database role in milliseconds, as Supabase sets them (anon 3 s,
   * authenticated 8 s, service role none); 0 means no limit. A statement past its role's limit is
   * cancelled with SQLSTATE 57014 (on the embedded database, its worker thread is replaced).
   */
  STATEMENT_TIMEOUT_ANON: integer('STATEMENT_TIMEOUT_ANON', 0, 3_600_000).default(3000),
  STATEMENT_TIMEOUT_AUTHENTICATED: integer('STATEMENT_TIMEOUT_AUTHENTICATED', 0, 3_600_000).default(8000),
  STATEMENT_TIMEOUT_SERVICE_ROLE: integer('STATEMENT_TIMEOUT_SERVICE_ROLE', 0, 3_600_000).default(0),
  /** Largest JSON (and form) request body in bytes; storage uploads have their own per-bucket limits. */
  BODY_LIMIT: integer('BODY_LIMIT', 1024, 1024 * 1024 * 1024).default(1024 * 1024),
  /** Deepest nesting of arrays and objects a JSON body may have. */
  JSON_MAX_DEPTH: integer('JSON_MAX_DEPTH', 2, 10_000).default(64),
  /**
   * How long a server-rendered public page is answered from memory, in milliseconds (decision 009);
   * 0 renders every request. Changes to rows the pages can show drop the pages at once.
   */
  HTML_CACHE_TTL_MS: integer('HTML_CACHE_TTL_MS', 0, 3_600_000).default(5000),
  /** Most rendered pages kept, and most bytes they hold (HTML with its Brotli and gzip bodies). */
  HTML_CACHE_MAX_ENTRIES: integer('HTML_CACHE_MAX_ENTRIES', 1, 1_000_000).default(2000),
  HTML_CACHE_MAX_BYTES: integer('HTML_CACHE_MAX_BYTES', 65_536, 4 * 1024 * 1024 * 1024).default(64 * 1024 * 1024),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  deployDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** The public URL of the site; email links and redirects are checked against it. */
  siteUrl: string;
  /** Base URL of the API as browsers see it; undefined means the same origin as siteUrl. */
  apiExternalUrl: string | undefined;
  uriAllowList: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where new contact messages are announced; undefined: not announced. */
  contactNotifyEmail: string | undefined;
  betaAccessCode: string | undefined;
  betaGate: boolean;
  defaultLanguage: string;
  jwtExpiry: number;
  rateLimit: { windowSeconds: number; emailMax: number; ipMax: number };
  autoconfirm: boolean;
  auth: { otpExpiry: number; reauthForPasswordChange: boolean; refreshReuseInterval: number };
  /** Mail worker timings, in milliseconds. */
  mail: { retryBaseMs: number; retryMaxMs: number; maxAttempts: number; pollIntervalMs: number };
  mode: Mode;
  logLevel: string;
  trustedProxies: string[];
  /** DEV_INBOX as set; 'auto' when unset (see devInboxEnabled in mail/inbox-routes.ts). */
  devInbox: 'on' | 'off' | 'auto';
  seed: 'auto' | 'off';
  /** Statement timeouts per role in milliseconds; 0 = none. */
  statementTimeouts: StatementTimeouts;
  /** Largest JSON body in bytes (413 above). */
  bodyLimit: number;
  /** Deepest JSON nesting accepted (400 above). */
  jsonMaxDepth: number;
  /** Rendered public pages kept in memory: ttlMs 0 turns the cache off. */
  htmlCache: { ttlMs: number; maxEntries: number; maxBytes: number };
  repoRoot: string;
  /** Payment provider settings passed to the functions: Stripe when both keys are set, else the test provider. */
  payments: { stripeSecretKey: string | undefined; stripeWebhookSecret: string | undefined; vatRate: number };
}

export interface StatementTimeouts {
  anon: number;
  authenticated: number;
  service_role: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. Every bad value is reported with its own message, all at
 * once, so a deploy can be fixed in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${String(issue.path[0] ?? '')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode: Mode = e.MODE ?? (e.DATABASE_URL ? 'production' : 'embedded');
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    deployDir: path.resolve(e.DEPLOY_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiExternalUrl: e.API_EXTERNAL_URL?.replace(/\/+$/, ''),
    uriAllowList: e.URI_ALLOW_LIST.split(',').map((s) => s.trim()).filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactNotifyEmail: e.CONTACT_NOTIFY_EMAIL,
    betaAccessCode: e.BETA_ACCESS_CODE,
    betaGate: e.BETA_GATE === 'on',
    defaultLanguage: e.DEFAULT_LANGUAGE,
    jwtExpiry: e.JWT_EXPIRY,
    rateLimit: { windowSeconds: e.RATE_LIMIT_WINDOW, emailMax: e.RATE_LIMIT_EMAIL_MAX, ipMax: e.RATE_LIMIT_IP_MAX },
    autoconfirm: e.MAILER_AUTOCONFIRM,
    auth: {
      otpExpiry: e.MAILER_OTP_EXP,
      reauthForPasswordChange: e.SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION,
      refreshReuseInterval: e.REFRESH_TOKEN_REUSE_INTERVAL,
    },
    mail: {
      retryBaseMs: e.MAIL_RETRY_BASE * 1000,
      retryMaxMs: e.MAIL_RETRY_MAX * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      pollIntervalMs: e.MAIL_POLL_INTERVAL * 1000,
    },
    mode,
    logLevel: e.LOG_LEVEL,
    trustedProxies: e.TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean),
    devInbox: e.DEV_INBOX ?? 'auto',
    seed: e.SEED,
    statementTimeouts: {
      anon: e.STATEMENT_TIMEOUT_ANON,
      authenticated: e.STATEMENT_TIMEOUT_AUTHENTICATED,
      service_role: e.STATEMENT_TIMEOUT_SERVICE_ROLE,
    },
    bodyLimit: e.BODY_LIMIT,
    jsonMaxDepth: e.JSON_MAX_DEPTH,
    htmlCache: { ttlMs: e.HTML_CACHE_TTL_MS, maxEntries: e.HTML_CACHE_MAX_ENTRIES, maxBytes: e.HTML_CACHE_MAX_BYTES },
    payments: { stripeSecretKey: e.STRIPE_SECRET_KEY, stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET, vatRate: e.VAT_RATE },
    repoRoot,
    ...overrides,
  };
  return config;
}
