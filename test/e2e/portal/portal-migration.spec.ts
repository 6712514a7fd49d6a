/**
 * Migration20261128000000_affiliate_portal on programs and affiliates that exist before it: every program gets
 * a portal slug made from its name, unique even where a numbered slug meets another name ("Acme", "Acme" and
 * "Acme 2"), at least 2 characters long; every affiliate gets its own email token.
 */
import { createAffiliate, createProgram } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { restClient } from '../../helpers/rest-client';

const server = useTestServer();
const { sql } = restClient(() => server);

test('existing programs get unique slugs from their names, and existing affiliates their own email tokens', async () => {
  const p = await createProgram(server);
  await createAffiliate(server, p.key);
  await createAffiliate(server, p.key);
  const migrator = server.runtime.orm.getMigrator();
  // Back to before the portal (and every migration after it).
  await migrator.down({ to: 'Migration20261128000000_affiliate_portal' });
  const names = ['Acme', 'Acme', 'Acme 2', 'X', '¡¡¡', 'Café Crème'];
  for (const [i, name] of names.entries())
    await sql(
      `insert into programs (id, owner_id, name, publishable_key, created_at, updated_at)
       select gen_random_uuid(), owner_id, ?, 'pk_migration_' || ?, now() + make_interval(secs => ?), now() from programs where id = ?`,
      [name, `${i}-${p.programId}`, i + 1, p.programId],
    );
  await migrator.up();

  const rows = await sql<{ name: string; portal_slug: string }>(
    `select name, portal_slug from programs where publishable_key like 'pk_migration_%' order by created_at`,
  );
  expect(rows.map((r) => r.portal_slug)).toEqual(['acme', 'acme-2', 'acme-2-2', 'program-x', 'program', 'caf-cr-me']);
  const all = await sql<{ portal_slug: string }>('select portal_slug from programs');
  expect(new Set(all.map((r) => r.portal_slug.toLowerCase())).size).toBe(all.length);
  const tokens = await sql<{ email_token: string }>('select email_token from affiliates where program_id = ?', [p.programId]);
  expect(tokens).toHaveLength(2);
  expect(tokens[0].email_token).toMatch(/^[0-9a-f]{64}$/);
  expect(tokens[0].email_token).not.toBe(tokens[1].email_token);
  // A row inserted by hand (a seed, a script) gets its own token too.
  const [row] = await sql<{ email_token: string }>(
    `insert into affiliates (id, program_id, first_name, last_name, email, affiliate_status) values (gen_random_uuid(), ?, 'Seed', 'Ed', ?, 'active') returning email_token`,
    [p.programId, `seed-${Date.now()}@example.com`],
  );
  expect(row.email_token).toMatch(/^[0-9a-f]{64}$/);
});
