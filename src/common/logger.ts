import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    serializers: { err: serializeError, error: serializeError },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.key'], censor: '[redacted]' },
  });
}

/** Error fields that say what failed without carrying data: database error codes and names. */
const SAFE_FIELDS = ['code', 'sqlState', 'constraint', 'table', 'column', 'routine', 'type', 'errno', 'syscall'] as const;

/**
 * Logs never hold request values (DESIGN.md "Errors"): a database error's message names the statement with its
 * values, its `detail` repeats the offending key ("Key (email)=(…)"), and PostgreSQL quotes a bad input in its
 * message. What is logged is the kind of error, its codes, a message with quoted and bracketed values and
 * email addresses blanked, and the stack frames only.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: redactValues(String(err)).slice(0, 500) };
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.name, message: redactValues(databaseMessage(e)).slice(0, 500) };
  for (const k of SAFE_FIELDS) if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  if (e.stack)
    out.stack = e.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 25)
      .join('\n');
  if (e.cause instanceof Error) out.cause = serializeError(e.cause);
  return out;
}

/** A driver error's message is "<statement with values> - <PostgreSQL's message>": keep PostgreSQL's part. */
function databaseMessage(e: Error & Record<string, unknown>): string {
  const isDriver = typeof e.sqlState === 'string' || /Exception$/.test(e.name) || typeof e.routine === 'string';
  if (!isDriver) return e.message;
  const i = e.message.lastIndexOf(' - ');
  return i >= 0 ? e.message.slice(i + 3) : e.message;
}

export function redactValues(message: string): string {
  return message
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\((?:[^()]*)\)=\((?:[^()]*)\)/g, '(…)=(…)')
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g, '…@…');
}
