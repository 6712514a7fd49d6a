import { readVariables, type OAuthPartnerConfig, type SignInLimits } from './variables';

export { DEFAULT_SIGN_IN_LIMITS, type OAuthPartnerConfig, type SignInLimits } from './variables';

/** Typed, validated configuration. src/config is the only reader of process.env. */
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

/**
 * Reads the configuration from the environment: the variables are those of CONFIG_VARIABLES (variables.ts),
 * which also writes docs/reference/configuration.md. Throws the first bad value's error.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const v = readVariables(env);
  return {
    env: v.env,
    port: v.port,
    host: v.host,
    publicUrl: v.publicUrl,
    databaseUrl: v.databaseUrl,
    dataDir: v.dataDir,
    redisUrl: v.redisUrl,
    smtpUrl: v.smtpUrl,
    emailFrom: v.emailFrom,
    logLevel: v.logLevel,
    webhookAllowPrivate: v.webhookAllowPrivate,
    webhookTimeoutMs: v.webhookTimeoutMs,
    oauthPartners: v.oauthPartners,
    bodyLimitBytes: v.bodyLimitBytes,
    shutdownTimeoutMs: v.shutdownTimeoutMs,
    workers: v.workers,
    clusterWorkers: v.clusterWorkers,
    trustProxy: v.trustProxy,
    signIn: {
      failuresPerAccount: v.signInFailuresPerAccount,
      failuresPerAddress: v.signInFailuresPerAddress,
      windowMs: v.signInWindowSeconds * 1000,
    },
    clicksPerMinute: v.clicksPerMinute,
    metricsToken: v.metricsToken,
    stripeApiKey: v.stripeApiKey,
    stripeApiBase: v.stripeApiBase,
  };
}
