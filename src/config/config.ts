import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Failed sign-ins allowed within a sliding window (DESIGN.md "Tenancy and credentials": sign-in). */
export interface SignInLimits {
  /** Per email, registered or not (so the limit itself does not tell which emails exist). */
  failuresPerAccount: number;
  /** Per client address (an IPv6 /64 counts as one address), whatever the emails. */
  failuresPerAddress: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { failuresPerAccount: 5, failuresPerAddress: 20, windowMs: 15 * 60_000 };

/** Typed, validated configuration. The only module that reads process.env. */
export interface OAuthPartnerConfig {
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  logLevel: string;
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  oauthPartners: OAuthPartnerConfig[];
  /** Upper bound for request bodies; anything larger is a 400. */
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  workers: boolean;
  /** Server processes behind one port (node cluster); 1 = a single process. */
  clusterWorkers: number;
  /**
   * Express `trust proxy`: the proxies (addresses, CIDRs or Express names such as `loopback`) whose
   * `X-Forwarded-For` is believed. Unset: nobody's, the client address is the socket's.
   */
  trustProxy: string | false;
  /** Failed sign-ins allowed per account and per client address within a sliding window. */
  signIn: SignInLimits;
  /** Public click path (/r/...): requests per minute per client address; far above what a person clicks. */
  clicksPerMinute: number;
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>` (request counts per route are not for everyone). */
  metricsToken: string | undefined;
  /** STRIPE_API_KEY: lets Stripe ingestion read what an event leaves out (an invoice's promotion codes); optional. */
  stripeApiKey?: string;
  /** STRIPE_API_BASE: where that client sends its requests (stripe-mock, a proxy); Stripe's API when unset. */
  stripeApiBase?: string;
}

/** The origin of this server's public URLs (tracking links, printed URLs). */
export const publicOrigin = (config: Pick<AppConfig, 'publicUrl' | 'port'>): string => config.publicUrl ?? `http://localhost:${config.port}`;

/** TRUST_PROXY: a comma-separated list of addresses, CIDRs or Express's names (loopback, linklocal, uniquelocal). */
function trustProxy(value: string | undefined): string | false {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const item of items) {
    const [addr, bits, extra] = item.split('/');
    const ok = named.has(item) || (net.isIP(addr) !== 0 && extra === undefined && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!ok) throw new Error(`TRUST_PROXY must name proxies as addresses, CIDRs or loopback/linklocal/uniquelocal, got "${item}"`);
  }
  return items.join(', ');
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** A limit of 0 would refuse every sign-in: at least 1. */
function positive(name: string, value: string | undefined, fallback: number): number {
  const n = int(name, value, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

/** The in-memory store forgets keys idle for an hour: a longer window would silently shrink to that. */
function signInWindowSeconds(value: string | undefined): number {
  const n = positive('SIGNIN_WINDOW_SECONDS', value, DEFAULT_SIGN_IN_LIMITS.windowMs / 1000);
  if (n > 3600) throw new Error(`SIGNIN_WINDOW_SECONDS can be at most 3600, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  let partners: OAuthPartnerConfig[] = [];
  if (env.OAUTH_PARTNERS) {
    try {
      partners = JSON.parse(env.OAUTH_PARTNERS);
    } catch {
      throw new Error('OAUTH_PARTNERS must be a JSON list of {name, clientId, clientSecret, redirectUris}');
    }
  }
  return {
    env: nodeEnv,
    port: int('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './.data'),
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    emailFrom: env.EMAIL_FROM || 'Affiliate Program <no-reply@localhost>',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, nodeEnv !== 'production'),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 15000),
    oauthPartners: partners,
    bodyLimitBytes: int('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 1024 * 1024),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 15000),
    workers: bool(env.WORKERS, true),
    clusterWorkers: env.CLUSTER_WORKERS === 'auto' ? os.availableParallelism() : int('CLUSTER_WORKERS', env.CLUSTER_WORKERS, 1),
    trustProxy: trustProxy(env.TRUST_PROXY),
    signIn: {
      failuresPerAccount: positive('SIGNIN_FAILURES_PER_ACCOUNT', env.SIGNIN_FAILURES_PER_ACCOUNT, DEFAULT_SIGN_IN_LIMITS.failuresPerAccount),
      failuresPerAddress: positive('SIGNIN_FAILURES_PER_ADDRESS', env.SIGNIN_FAILURES_PER_ADDRESS, DEFAULT_SIGN_IN_LIMITS.failuresPerAddress),
      windowMs: signInWindowSeconds(env.SIGNIN_WINDOW_SECONDS) * 1000,
    },
    clicksPerMinute: positive('CLICKS_PER_MINUTE', env.CLICKS_PER_MINUTE, 120),
    metricsToken: env.METRICS_TOKEN || undefined,
    stripeApiKey: env.STRIPE_API_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
  };
}
