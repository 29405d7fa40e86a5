import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultWebDistDir } from './paths';

/**
 * PostgreSQL's shared buffers in the embedded database. PGlite zeroes its whole shared memory when it
 * opens, so every megabyte here is resident from the start; 32 MB holds the demo agency's database
 * (18 MB) several times over (decision 066).
 */
export const EMBEDDED_SHARED_BUFFERS_DEFAULT = '32MB';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const part of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    try {
      const url = new URL(part);
      origins.push(url.origin);
    } catch {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not an origin such as https://example.com` });
      return z.NEVER;
    }
  }
  return origins;
});

/**
 * TRUST_PROXY: off by default. `true` trusts every hop; a number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`).
 */
const trustProxy = z.string().transform((value, ctx): boolean | number | string => {
  const text = value.trim().toLowerCase();
  if (['true', 'yes'].includes(text)) return true;
  if (['false', 'no', '0', ''].includes(text)) return false;
  if (/^[1-9]\d{0,1}$/.test(text)) return Number(text);
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    parts.length > 0 &&
    parts.every((part) => /^(loopback|linklocal|uniquelocal)$/.test(part) || /^[0-9a-f:.]+(\/\d{1,3})?$/.test(part))
  )
    return parts.join(',');
  ctx.addIssue({
    code: 'custom',
    message: 'use true, a hop count, or proxy addresses/CIDR ranges such as 127.0.0.1 or 10.0.0.0/8',
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,6}(kB|MB|GB)$/, 'must be a size such as 32MB or 1GB')
    .default(EMBEDDED_SHARED_BUFFERS_DEFAULT),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECURE: booleanString.default(false),
  TRUST_PROXY: trustProxy.default(false),
  TRUSTED_ORIGINS: originList.default([]),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('RecruitDesk <no-reply@recruitdesk.local>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  OWNER_EMAIL: z.email().optional(),
  OWNER_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
  REMOVE_DEMO_ACCOUNTS: booleanString.default(false),
  /** How often an idle job runner looks for due jobs (docs/architecture.md "Background jobs"). */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** Bulk email: messages handed to the relay per minute (docs/email.md "Templates, bulk and sequences"). */
  MAIL_BULK_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** How often connected mailboxes are polled (IDLE-capable ones are also pushed; docs/email.md "Receiving"). */
  MAIL_SYNC_POLL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  AGENCY_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Berlin')
    .default('UTC'),
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/1' })
    .optional(),
  S3_BUCKET: z
    .string()
    .min(3)
    .max(63)
    .regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'must be a valid bucket name')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  AI_BASE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the base URL of an OpenAI-compatible API such as https://api.openai.com/v1',
    })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_DATA_SCOPE: z.enum(['all', 'aggregates']).default('all'),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** EMBEDDED_SHARED_BUFFERS: PostgreSQL's shared_buffers in the embedded database (decision 066). */
  embeddedSharedBuffers: string;
  secretKey: string;
  cookieSecure: boolean;
  trustedOrigins: string[];
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PUBLIC_URL, or http://localhost:PORT; links in mails start with it. */
  publicUrl: string;
  /** The origin of PUBLIC_URL when it is set: the Origin check compares against it. */
  publicOrigin: string | null;
  /** Fastify's trustProxy (TRUST_PROXY): client IP and protocol from X-Forwarded-* of trusted proxies. */
  trustProxy: boolean | number | string;
  demoPassword: string | undefined;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  /**
   * REMOVE_DEMO_ACCOUNTS: in production, delete the demo agency's logins at start-up (issue 29 item 6); without
   * it a production server with demo logins refuses to start.
   */
  removeDemoAccounts: boolean;
  logLevel: string;
  /** JOBS_POLL_MS: the idle job runner's polling interval (default 1000 ms). */
  jobsPollMs: number;
  /** MAIL_BULK_PER_MINUTE: a bulk send's messages are spaced to this rate (default 30 a minute). */
  mailBulkPerMinute: number;
  /** MAIL_SYNC_POLL_MS: how often mailboxes are polled for new mail (default 60 s). */
  mailSyncPollMs: number;
  webDistDir: string;
  sentryDsn: string | undefined;
  /**
   * AGENCY_TIME_ZONE: where the agency's weeks start (job-posting weeks start on its Monday), and the day
   * analytics count and invoices are dated by (decisions 060 and 077).
   */
  agencyTimeZone: string;
  /** S3-compatible file storage; unset: files under DATA_DIR/files. */
  s3: S3Config | undefined;
  /** An OpenAI-compatible model for the assistant (AI_BASE_URL); unset: the built-in analyst (docs/assistant.md). */
  ai: AiConfig | undefined;
  /** Injectable clock for tests (token expiry). */
  now: () => Date;
}

export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** 'aggregates': only tools marked `aggregate` are offered to the model, so no record-level data leaves. */
  dataScope: 'all' | 'aggregates';
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly detail: string,
    message?: string,
  ) {
    super(message ?? `Invalid environment variable ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Reads the secret from DATA_DIR/secret-key, creating it (mode 0600) on first start. */
function persistedSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** Validates the environment; throws ConfigError naming the first bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, as in most .env files.
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'invalid value');
  }
  const e = result.data;
  if (e.DATABASE_URL && e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError('SECRET_KEY', 'is required when DATABASE_URL is set in production');
  }
  if (!e.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (e[name]) throw new ConfigError(name, 'is set but S3_BUCKET is not');
    }
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) throw new ConfigError('AI_MODEL', 'is required when AI_BASE_URL is set');
  if (!e.AI_BASE_URL) {
    for (const name of ['AI_API_KEY', 'AI_MODEL'] as const) {
      if (e[name]) throw new ConfigError(name, 'is set but AI_BASE_URL is not');
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedSharedBuffers: e.EMBEDDED_SHARED_BUFFERS,
    secretKey: e.SECRET_KEY ?? persistedSecretKey(dataDir),
    cookieSecure: e.COOKIE_SECURE,
    trustedOrigins: e.TRUSTED_ORIGINS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    trustProxy: e.TRUST_PROXY,
    demoPassword: e.DEMO_PASSWORD,
    ownerEmail: e.OWNER_EMAIL?.toLowerCase(),
    ownerPassword: e.OWNER_PASSWORD,
    removeDemoAccounts: e.REMOVE_DEMO_ACCOUNTS,
    logLevel: e.LOG_LEVEL,
    jobsPollMs: e.JOBS_POLL_MS,
    mailBulkPerMinute: e.MAIL_BULK_PER_MINUTE,
    mailSyncPollMs: e.MAIL_SYNC_POLL_MS,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir(),
    sentryDsn: e.SENTRY_DSN,
    agencyTimeZone: e.AGENCY_TIME_ZONE,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
          apiKey: e.AI_API_KEY,
          model: e.AI_MODEL!,
          dataScope: e.AI_DATA_SCOPE,
        }
      : undefined,
    now: () => new Date(),
  };
}
