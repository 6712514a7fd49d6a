import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { APPLICATION_NAME } from '../config/application-name';
import type { Logger } from '../common/logger';
import type { CredentialCache } from '../identity/credential-cache';

/** The channel the credential triggers notify (Migration20261124030000_credential_notifications). */
export const CREDENTIALS_CHANNEL = 'credentials_changed';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;
/** The listener notifies itself this often on a channel of its own; the cache serves only while the pings come back. */
const PING_MS = 250;

export interface CredentialListener {
  close(): Promise<void>;
}

/**
 * Keeps `cache` in step with the database: one connection LISTENs on `credentials_changed` and drops the
 * named program's credentials on each notification (delivered on commit, so a revocation elsewhere is refused
 * here within milliseconds). While that connection is down the cache keeps nothing, and every request reads
 * its credential again, until it is back (retried with backoff); so it does while its own pings stop coming back.
 */
export async function listenForCredentialChanges(url: string, cache: CredentialCache, log: Logger): Promise<CredentialListener> {
  let client: Client | null = null;
  let closed = false;
  let delay = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  // A channel only this process listens on: its pings prove that notifications reach it (a connection can die
  // without an error, and a transaction-pooling proxy accepts LISTEN but never delivers).
  const pingChannel = `credentials_ping_${randomBytes(8).toString('hex')}`;
  let pinging = false;
  const ping = setInterval(() => {
    const c = client;
    if (!c || pinging) return;
    pinging = true;
    c.query(`notify ${pingChannel}`)
      .catch(() => undefined)
      .finally(() => (pinging = false));
  }, PING_MS);
  ping.unref();

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url, application_name: APPLICATION_NAME, keepAlive: true });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      cache.setLive(false);
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'credential change notifications lost: credentials are read on every request until they are back');
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel === pingChannel) cache.heard();
      else if (n.channel === CREDENTIALS_CHANNEL && n.payload) cache.invalidateProgram(n.payload);
    });
    try {
      await c.connect();
      client = c;
      await c.query(`listen ${CREDENTIALS_CHANNEL}; listen ${pingChannel}`);
      if (closed) throw new Error('closed');
      delay = RETRY_MIN_MS;
      cache.setLive(true);
    } catch (err) {
      if (client === c) client = null;
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      if (!closed) schedule();
      throw err;
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => connect().catch(() => undefined), delay);
    timer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  // The first attempt is awaited: a server that starts while the database answers starts with its cache on.
  await connect().catch((err: unknown) => log.warn({ err }, 'credential change notifications unavailable; retrying'));
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(ping);
      cache.setLive(false);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
