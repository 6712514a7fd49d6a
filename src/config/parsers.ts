import net from 'node:net';

/**
 * How one environment variable's text becomes a configuration value, and what the reference
 * (docs/reference/configuration.md) says about it: the same object does both, so they cannot disagree.
 */

/** The environment as loadConfig reads it: process.env, or a test's own object. */
export type Env = Readonly<Record<string, string | undefined>>;

export type NodeEnv = 'production' | 'development' | 'test';

/** Where the offending text goes in a documented error message. */
export const VALUE = '<value>';

export interface Parser<T> {
  /** The values accepted, for the reference (Markdown). */
  readonly type: string;
  /** What an unset or empty variable means, for the reference (Markdown). */
  readonly default: string;
  /** The messages a bad value is refused with, `<value>` standing for the value; none when every value is accepted. */
  readonly errors: (name: string) => readonly string[];
  /**
   * `value` is undefined when the variable is unset or empty (the two always mean the same); `env` is there for
   * the defaults that depend on another variable (NODE_ENV).
   */
  readonly parse: (name: string, value: string | undefined, env: Env) => T;
}

const code = (value: string | number): string => `\`${value}\``;

/** NODE_ENV: anything but `production` and `test` is development. */
export const nodeEnvOf = (value: string | undefined): NodeEnv => (value === 'production' ? 'production' : value === 'test' ? 'test' : 'development');

export const nodeEnv: Parser<NodeEnv> = {
  type: '`production`, `development` or `test`; any other value is `development`',
  default: code('development'),
  errors: () => [],
  parse: (_name, value) => nodeEnvOf(value),
};

const notInteger = (name: string, value: string) => `${name} must be a non-negative integer, got "${value}"`;
const notPositive = (name: string, value: string) => `${name} must be at least 1, got "${value}"`;
const tooLarge = (name: string, max: number, value: string) => `${name} can be at most ${max}, got "${value}"`;

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(notInteger(name, value));
  return n;
}

export function nonNegativeInteger(fallback: number, unit = ''): Parser<number> {
  return {
    type: `integer ≥ 0${unit}`,
    default: code(fallback),
    errors: (name) => [notInteger(name, VALUE)],
    parse: (name, value) => int(name, value, fallback),
  };
}

/** A limit of 0 would refuse everything: at least 1, and at most `max` when one is given. */
export function positiveInteger(fallback: number, max?: number, unit = ''): Parser<number> {
  return {
    type: max === undefined ? `integer ≥ 1${unit}` : `integer from 1 to ${max}${unit}`,
    default: code(fallback),
    errors: (name) => [notInteger(name, VALUE), notPositive(name, VALUE), ...(max === undefined ? [] : [tooLarge(name, max, VALUE)])],
    parse: (name, value) => {
      const n = int(name, value, fallback);
      if (n < 1) throw new Error(notPositive(name, value ?? ''));
      if (max !== undefined && n > max) throw new Error(tooLarge(name, max, value ?? ''));
      return n;
    },
  };
}

/** `1`, `true`, `yes`, `on` in any case; anything else is off, never an error. */
export function flag(fallback: (env: Env) => boolean, defaultText: string): Parser<boolean> {
  return {
    type: 'boolean: `1`, `true`, `yes` or `on` (any case) is on, any other value off',
    default: defaultText,
    errors: () => [],
    parse: (_name, value, env) => (value === undefined ? fallback(env) : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())),
  };
}

/** Text taken as given, with a default. */
export function text(type: string, fallback: string): Parser<string> {
  return { type, default: code(fallback), errors: () => [], parse: (_name, value) => value ?? fallback };
}

/** Text taken as given; unset, the feature is off (or falls back to what `defaultText` says). */
export function optional(type: string, defaultText = 'none'): Parser<string | undefined> {
  return { type, default: defaultText, errors: () => [], parse: (_name, value) => value };
}

/** Text turned into something else (or a default that depends on another variable), with no error of its own. */
export function mapped<T>(type: string, defaultText: string, parse: (value: string | undefined, env: Env) => T): Parser<T> {
  return { type, default: defaultText, errors: () => [], parse: (_name, value, env) => parse(value, env) };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const badProxy = (item: string) => `TRUST_PROXY must name proxies as addresses, CIDRs or loopback/linklocal/uniquelocal, got "${item}"`;

/** TRUST_PROXY: a comma-separated list of addresses, CIDRs or Express's names (loopback, linklocal, uniquelocal). */
export const proxyList: Parser<string | false> = {
  type: 'comma-separated addresses, CIDRs, `loopback`, `linklocal` or `uniquelocal`; `false` or `0` for none',
  default: "none: the client is the connection's address",
  errors: () => [badProxy('<item>')],
  parse: (_name, value) => {
    const v = value?.trim();
    if (!v || v === 'false' || v === '0') return false;
    const items = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    for (const item of items) {
      const [addr, bits, extra] = item.split('/');
      const ok = PROXY_NAMES.has(item) || (net.isIP(addr) !== 0 && extra === undefined && (bits === undefined || /^\d{1,3}$/.test(bits)));
      if (!ok) throw new Error(badProxy(item));
    }
    return items.join(', ');
  },
};

/** JSON text, parsed and its shape checked by `isShape`; its reader checks the entries. */
export function json<T>(type: string, defaultText: string, fallback: () => T, message: string, isShape: (value: unknown) => boolean = () => true): Parser<T> {
  return {
    type,
    default: defaultText,
    errors: () => [message],
    parse: (_name, value) => {
      if (value === undefined) return fallback();
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new Error(message);
      }
      // Valid JSON of the wrong shape (`null`, an object for a list) is the same mistake, refused at start too.
      if (!isShape(parsed)) throw new Error(message);
      return parsed as T;
    },
  };
}
