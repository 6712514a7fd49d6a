import { Client } from 'pg';
import { createAffiliate } from '../helpers/factories';
import { useProgram, useTestServer } from '../helpers/harness';

/**
 * Hand-written statements run as prepared statements (src/db/sql.ts). A migration that changes a table while
 * servers run invalidates the prepared `select *` on it ("cached plan must not change result type"): the
 * statement is prepared again, reads answer as before and a transaction that hit it runs again.
 */
describe('prepared statements across a schema change', () => {
  const server = useTestServer();
  let sql: Client;

  beforeAll(async () => {
    sql = new Client({ connectionString: server.runtime.config.databaseUrl });
    await sql.connect();
  });
  const p = useProgram(server);
  server.beforeClose(() => sql?.end());

  test('a column added to affiliates breaks neither a read nor a recording that ran before', async () => {
    const a = await createAffiliate(server, p.key);
    const referral = (n: number) =>
      server.api('POST', '/referrals', { token: p.key, body: { affiliateId: a.id, name: 'R', email: `r${n}@example.com`, referredUserExternalId: `u${n}` } });
    // Warm every pooled connection's statements, then change the table under them.
    for (let i = 0; i < 12; i++) {
      expect((await server.api('GET', '/affiliates', { token: p.key, query: { id: a.id } })).status).toBe(200);
      expect((await referral(i)).status).toBe(200);
    }
    const before = (await server.api('GET', '/affiliates', { token: p.key, query: { id: a.id } })).body;
    await sql.query('alter table affiliates add column added_later int');
    for (let i = 0; i < 12; i++) {
      const read = await server.api('GET', '/affiliates', { token: p.key, query: { id: a.id } });
      expect(read.status).toBe(200);
      expect({ ...read.body, updatedAt: before.updatedAt, numberOfReferredUsers: before.numberOfReferredUsers }).toEqual(before);
      expect((await referral(100 + i)).status).toBe(200);
    }
  });
});
