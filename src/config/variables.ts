import os from 'node:os';
import path from 'node:path';
import { flag, json, mapped, nodeEnv, nodeEnvOf, nonNegativeInteger, optional, positiveInteger, proxyList, text, type Env, type Parser } from './parsers';

/**
 * Every environment variable the server reads, in one table: `loadConfig` (config.ts) parses them from it and
 * `npm run docs:reference` writes docs/reference/configuration.md from it. A new variable goes here.
 */

/** The reference's sections, in the order it shows them. */
export const SECTIONS = ['Server', 'Storage', 'Email', 'Webhooks', 'Sign-in and abuse limits', 'Proxies and operations', 'OAuth partners', 'Stripe'] as const;

export interface ConfigVariable<T> {
  readonly name: string;
  readonly section: (typeof SECTIONS)[number];
  /** What it does, for the reference (Markdown, one paragraph). */
  readonly description: string;
  readonly parser: Parser<T>;
}

/** The partner entries OAUTH_PARTNERS lists. */
export interface OAuthPartnerConfig {
  name: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** Failed sign-ins allowed within a sliding window (DESIGN.md "Tenancy and credentials": sign-in). */
export interface SignInLimits {
  /** Per email, registered or not (so the limit itself does not tell which emails exist). */
  failuresPerAccount: number;
  /** Per client address (an IPv6 /64 counts as one address), whatever the emails. */
  failuresPerAddress: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { failuresPerAccount: 5, failuresPerAddress: 20, windowMs: 15 * 60_000 };

const variable = <T>(v: ConfigVariable<T>): ConfigVariable<T> => v;

/**
 * In the order they are parsed (the first bad value is the error reported): NODE_ENV first, since other
 * defaults depend on it.
 */
export const CONFIG_VARIABLES = {
  env: variable({
    name: 'NODE_ENV',
    section: 'Server',
    description:
      '`production` turns off the demo account printed at start and the generated development OAuth partner, and makes `WEBHOOK_ALLOW_PRIVATE` default to off; `test` makes `LOG_LEVEL` default to `silent`.',
    parser: nodeEnv,
  }),
  oauthPartners: variable({
    name: 'OAUTH_PARTNERS',
    section: 'OAuth partners',
    description:
      'The automation partners (such as Zapier) that may connect to programs over OAuth 2.0. Unset outside production, one development partner `zapier` is generated and its secret printed at start. At start, each entry must have `name`, `clientId`, `clientSecret` and a non-empty `redirectUris`, else the server stops with `each OAUTH_PARTNERS entry needs name, clientId, clientSecret and a non-empty redirectUris`.',
    parser: json<OAuthPartnerConfig[]>(
      'JSON list of `{"name", "clientId", "clientSecret", "redirectUris": [...]}`',
      'none in production; a generated development partner otherwise',
      () => [],
      'OAUTH_PARTNERS must be a JSON list of {name, clientId, clientSecret, redirectUris}',
      Array.isArray,
    ),
  }),
  port: variable({ name: 'PORT', section: 'Server', description: 'The HTTP port the server listens on.', parser: nonNegativeInteger(3000) }),
  host: variable({ name: 'HOST', section: 'Server', description: 'The address the server listens on.', parser: text('address or host name', '0.0.0.0') }),
  publicUrl: variable({
    name: 'PUBLIC_URL',
    section: 'Server',
    description:
      "The origin of this server's public URLs: printed URLs, redirects, links' `trackingUrl`, the OAuth partners' issuer and URLs, the REST API's documentation. Trailing slashes are dropped.",
    parser: mapped<string | undefined>('URL (an origin, such as `https://affiliates.example.com`)', '`http://localhost:<PORT>`', (value) =>
      value === undefined ? undefined : value.replace(/\/+$/, ''),
    ),
  }),
  databaseUrl: variable({
    name: 'DATABASE_URL',
    section: 'Storage',
    description: 'The PostgreSQL database; migrations apply at start. Unset, the server starts an embedded PostgreSQL under `DATA_DIR`.',
    parser: optional('PostgreSQL URL (`postgresql://user:password@host:5432/database`)', 'none: an embedded PostgreSQL under `DATA_DIR`'),
  }),
  dataDir: variable({
    name: 'DATA_DIR',
    section: 'Storage',
    description: 'Where the embedded PostgreSQL keeps its data across restarts (when `DATABASE_URL` is unset).',
    parser: mapped('directory, relative to the working directory or absolute', '`./.data`', (value) => path.resolve(value ?? './.data')),
  }),
  redisUrl: variable({
    name: 'REDIS_URL',
    section: 'Storage',
    description:
      'Redis for the rate limits, so that they hold across processes and instances. Unset, each process counts in its own memory (set it when running more than one process).',
    parser: optional('Redis URL (`redis://host:6379`)', 'none: each process counts in memory'),
  }),
  smtpUrl: variable({
    name: 'SMTP_URL',
    section: 'Email',
    description: 'The SMTP server emails are sent through. Unset, emails stay in the `email_outbox` table and the log.',
    parser: optional('SMTP URL (`smtp://user:pass@mail.example.com:587`)', 'none: emails stay in the outbox'),
  }),
  emailFrom: variable({
    name: 'EMAIL_FROM',
    section: 'Email',
    description: 'The sender of outgoing emails.',
    parser: text('email address, optionally with a name', 'Affiliate Program <no-reply@localhost>'),
  }),
  logLevel: variable({
    name: 'LOG_LEVEL',
    section: 'Server',
    description: 'The least severe log level written. Logs are JSON lines (pino) with a request id.',
    parser: mapped(
      'pino level: `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`',
      '`info` (`silent` when `NODE_ENV=test`)',
      (value, env: Env) => value ?? (nodeEnvOf(env.NODE_ENV) === 'test' ? 'silent' : 'info'),
    ),
  }),
  webhookAllowPrivate: variable({
    name: 'WEBHOOK_ALLOW_PRIVATE',
    section: 'Webhooks',
    description: 'Allows webhook endpoints on loopback and private addresses (local development); the server warns at start when it is on.',
    parser: flag((env) => nodeEnvOf(env.NODE_ENV) !== 'production', 'on, off when `NODE_ENV=production`'),
  }),
  webhookTimeoutMs: variable({
    name: 'WEBHOOK_TIMEOUT_MS',
    section: 'Webhooks',
    description: 'The time limit of one webhook delivery attempt.',
    parser: nonNegativeInteger(15000, ', milliseconds'),
  }),
  bodyLimitBytes: variable({
    name: 'BODY_LIMIT_BYTES',
    section: 'Server',
    description: 'The largest request body accepted; a larger one is refused with 400.',
    parser: nonNegativeInteger(1024 * 1024, ', bytes'),
  }),
  shutdownTimeoutMs: variable({
    name: 'SHUTDOWN_TIMEOUT_MS',
    section: 'Server',
    description: 'On SIGTERM or SIGINT, how long the server waits for in-flight requests before closing the remaining connections.',
    parser: nonNegativeInteger(15000, ', milliseconds'),
  }),
  workers: variable({
    name: 'WORKERS',
    section: 'Server',
    description:
      'Runs the background workers (webhook deliveries, emails, jobs, statistics, commission approvals) in this process. Run web instances with `false` and one or more worker processes with the default to separate them.',
    parser: flag(() => true, 'on'),
  }),
  clusterWorkers: variable({
    name: 'CLUSTER_WORKERS',
    section: 'Server',
    description: 'Server processes behind the one port (node cluster); `1` is a single process, `auto` one per core.',
    parser: {
      ...nonNegativeInteger(1),
      type: 'integer ≥ 0, or `auto`',
      parse: (name, value) => (value === 'auto' ? os.availableParallelism() : nonNegativeInteger(1).parse(name, value, {})),
    },
  }),
  trustProxy: variable({
    name: 'TRUST_PROXY',
    section: 'Proxies and operations',
    description:
      "The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (Express `trust proxy`): the client address decides rate limits and sign-in limits. Unset, nobody's: the client is the connection's address.",
    parser: proxyList,
  }),
  signInFailuresPerAccount: variable({
    name: 'SIGNIN_FAILURES_PER_ACCOUNT',
    section: 'Sign-in and abuse limits',
    description: 'Failed sign-ins per email (registered or not) within the window; then 429 with `Retry-After`.',
    parser: positiveInteger(DEFAULT_SIGN_IN_LIMITS.failuresPerAccount),
  }),
  signInFailuresPerAddress: variable({
    name: 'SIGNIN_FAILURES_PER_ADDRESS',
    section: 'Sign-in and abuse limits',
    description: 'Failed sign-ins per client address (an IPv6 /64 counts as one address) within the window, whatever the emails.',
    parser: positiveInteger(DEFAULT_SIGN_IN_LIMITS.failuresPerAddress),
  }),
  // The in-memory store forgets keys idle for an hour: a longer window would silently shrink to that.
  signInWindowSeconds: variable({
    name: 'SIGNIN_WINDOW_SECONDS',
    section: 'Sign-in and abuse limits',
    description: 'The sliding window of the two sign-in limits.',
    parser: positiveInteger(DEFAULT_SIGN_IN_LIMITS.windowMs / 1000, 3600, ', seconds'),
  }),
  clicksPerMinute: variable({
    name: 'CLICKS_PER_MINUTE',
    section: 'Sign-in and abuse limits',
    description:
      'Requests to the public click path `/r/...` and to `POST /api/v1/public/clicks` (tracker.js) per client address per minute; then 429. Far above what a person clicks.',
    parser: positiveInteger(120),
  }),
  metricsToken: variable({
    name: 'METRICS_TOKEN',
    section: 'Proxies and operations',
    description: 'When set, `GET /metrics` requires `Authorization: Bearer <METRICS_TOKEN>` (request counts per route are not for everyone).',
    parser: optional('secret', 'none: `/metrics` is public'),
  }),
  stripeApiKey: variable({
    name: 'STRIPE_API_KEY',
    section: 'Stripe',
    description: "Lets Stripe ingestion read what an event leaves out (an invoice's promotion codes) from Stripe's API; optional.",
    parser: optional('Stripe secret or restricted key'),
  }),
  stripeApiBase: variable({
    name: 'STRIPE_API_BASE',
    section: 'Stripe',
    description: 'Where that Stripe client sends its requests (stripe-mock such as `http://localhost:12111`, or a proxy).',
    parser: optional('URL', "Stripe's API"),
  }),
};

export type ConfigValues = { [K in keyof typeof CONFIG_VARIABLES]: (typeof CONFIG_VARIABLES)[K] extends ConfigVariable<infer T> ? T : never };

/** Parses every variable of the table, in its order; throws the first bad value's error. */
export function readVariables(env: Env): ConfigValues {
  // Unset and empty mean the same everywhere.
  const valueOf = (name: string) => (env[name] === '' ? undefined : env[name]);
  const values: Partial<Record<string, unknown>> = {};
  for (const [key, v] of Object.entries(CONFIG_VARIABLES) as [string, ConfigVariable<unknown>][]) values[key] = v.parser.parse(v.name, valueOf(v.name), env);
  return values as ConfigValues;
}
