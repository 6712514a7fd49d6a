import { Client } from 'pg';
import { observeStatements } from '../../../src/db/sql';
import { createPartnerToken, createProgram, type ProgramFixture } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { API_KEYS, REVOKE_API_KEY } from '../../helpers/graphql-documents';

/**
 * Authenticated API keys and OAuth tokens are cached per process (src/identity/credential-cache.ts). What changes
 * them elsewhere (another instance, a console, a migration) reaches the cache through credentials_changed; the
 * changes this process makes apply at once. Each "elsewhere" below is a plain SQL statement from another
 * connection, as another instance of the server would send it.
 */
describe('credential cache', () => {
  const server = useTestServer();
  let sql: Client;
  let p: ProgramFixture;

  beforeAll(async () => {
    sql = new Client({ connectionString: server.runtime.config.databaseUrl });
    await sql.connect();
  });
  server.beforeClose(() => sql?.end());
  beforeEach(async () => {
    p = await createProgram(server);
  });

  const get = (token: string) => server.api('GET', '/affiliates', { token, query: { limit: '1' } });

  /** Polls until `done` holds (or 1 s passes) and says how long it took. */
  async function within1s(done: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (Date.now() - start < 1000) {
      if (await done()) return Date.now() - start;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('not within a second');
  }

  test('a used key is served from the cache: the next requests read no credential', async () => {
    expect((await get(p.key)).status).toBe(200);
    expect(server.runtime.services.credentials.enabled).toBe(true);
    const statements: string[] = [];
    const stop = observeStatements((text) => statements.push(text));
    try {
      expect((await get(p.key)).status).toBe(200);
    } finally {
      stop();
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => /api_keys/.test(s))).toEqual([]);
  });

  test('a key revoked by another instance is refused within a second', async () => {
    expect((await get(p.key)).status).toBe(200);
    await sql.query('update api_keys set revoked_at = now() where program_id = $1', [p.programId]);
    const ms = await within1s(async () => (await get(p.key)).status === 401);
    expect(ms).toBeLessThan(1000);
    expect((await get(p.key)).body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  test('a key deleted by another instance is refused within a second', async () => {
    expect((await get(p.key)).status).toBe(200);
    await sql.query('delete from api_keys where program_id = $1', [p.programId]);
    await within1s(async () => (await get(p.key)).status === 401);
  });

  test('a key revoked through this server is refused by the very next request', async () => {
    expect((await get(p.key)).status).toBe(200);
    const keys = await server.graphql<{ apiKeys: Array<{ id: string }> }>(API_KEYS, { p: p.programId }, p.session);
    const id = keys.body.data!.apiKeys[0].id;
    const revoked = await server.graphql(REVOKE_API_KEY, { id }, p.session);
    expect(revoked.body.errors).toBeUndefined();
    expect((await get(p.key)).status).toBe(401);
  });

  test('a program changed by another instance: its keys carry the new settings within a second', async () => {
    const first = await get(p.key);
    expect(first.headers.get('ratelimit-policy')).toBe('"reads";q=600;w=60');
    await sql.query('update programs set reads_per_minute = 7 where id = $1', [p.programId]);
    await within1s(async () => (await get(p.key)).headers.get('ratelimit-policy') === '"reads";q=7;w=60');
  });

  test('a partner token revoked by another instance is refused within a second', async () => {
    const token = await createPartnerToken(server, p);
    expect((await get(token)).status).toBe(200);
    await sql.query('update oauth_tokens set revoked_at = now() where program_id = $1', [p.programId]);
    await within1s(async () => (await get(token)).status === 401);
  });

  test('another program’s change leaves this program’s keys cached', async () => {
    const other = await createProgram(server);
    expect((await get(p.key)).status).toBe(200);
    expect((await get(other.key)).status).toBe(200);
    await sql.query('update api_keys set revoked_at = now() where program_id = $1', [other.programId]);
    await within1s(async () => (await get(other.key)).status === 401);
    expect((await get(p.key)).status).toBe(200);
  });

  test('while notifications are lost nothing is cached, so a revocation still applies at once; they come back by themselves', async () => {
    expect((await get(p.key)).status).toBe(200);
    // Cut the listening connection, as a database restart or a network cut would.
    // The listener's last statement is its LISTEN or one of its pings.
    const killed = await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where (query ilike 'listen %' or query ilike 'notify credentials_ping_%') and datname = current_database()`,
    );
    expect(killed.rowCount).toBe(1);
    const cache = server.runtime.services.credentials;
    await within1s(async () => !cache.enabled);
    expect(cache.size).toBe(0);
    await sql.query('update api_keys set revoked_at = now() where program_id = $1', [p.programId]);
    expect((await get(p.key)).status).toBe(401);
    // The listener reconnects (backoff from 500 ms) and the cache works again.
    const q = await createProgram(server);
    const start = Date.now();
    while (!cache.enabled && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(cache.enabled).toBe(true);
    expect((await get(q.key)).status).toBe(200);
    expect(cache.size).toBeGreaterThan(0);
  });

  test('unknown and malformed tokens are never cached', async () => {
    const cache = server.runtime.services.credentials;
    const before = cache.size;
    expect((await get('apk_' + 'x'.repeat(43))).status).toBe(401);
    expect((await get('oat_' + 'y'.repeat(43))).status).toBe(401);
    expect(cache.size).toBe(before);
  });
});
