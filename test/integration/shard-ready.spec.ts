import { Client } from 'pg';
import { initOrm } from '../../src/db/orm';
import { createLogger } from '../../src/common/logger';
import { createTestDatabase } from '../helpers/database';
import { TENANT_TABLES } from '../tenancy/tenancy-check.cjs';

/**
 * The schema stays distributable by program_id (Citus): every table is classified, every tenant table has a
 * NOT NULL program_id, and every primary key, unique key, unique index and foreign key of a tenant table
 * includes program_id — except foreign keys to reference tables (replicated to every node).
 */
// The same list the program_id check of every statement uses (test/tenancy).
const TENANT: readonly string[] = TENANT_TABLES;
/** Distributed by its own id, which is the program_id of everything else. */
const ROOT = ['programs'];
/** Small, replicated to every node. */
const REFERENCE = ['users', 'sessions'];
/** Queues and bookkeeping kept on the coordinator. */
const LOCAL = ['email_outbox', 'jobs', 'idempotency_keys', 'mikro_orm_migrations'];

let client: Client;
let drop: () => Promise<void>;

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  const orm = await initOrm(db.url, createLogger('silent'));
  await orm.close(true);
  client = new Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await drop?.();
});

const q = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];

test('every table is classified as tenant, root, reference or local', async () => {
  const tables = (await q<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t);
  expect(tables.sort()).toEqual([...TENANT, ...ROOT, ...REFERENCE, ...LOCAL].sort());
});

test('every tenant table has a NOT NULL program_id', async () => {
  const rows = await q<{ table_name: string; is_nullable: string }>(
    `select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'program_id'`,
  );
  const cols = new Map(rows.map((r) => [r.table_name, r.is_nullable]));
  for (const t of TENANT) expect([t, cols.get(t)]).toEqual([t, 'NO']);
});

test('primary keys, unique constraints and foreign keys of tenant tables include program_id', async () => {
  const rows = await q<{ tbl: string; conname: string; contype: string; cols: string[]; ref: string | null }>(
    `select c.conrelid::regclass::text as tbl, c.conname, c.contype, c.confrelid::regclass::text as ref,
            array(select a.attname::text from unnest(c.conkey) k join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k) as cols
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype in ('p', 'u', 'f')`,
  );
  const offending = rows.filter((r) => TENANT.includes(r.tbl) && !r.cols.includes('program_id') && !(r.contype === 'f' && r.ref && REFERENCE.includes(r.ref)));
  expect(offending.map((r) => `${r.tbl}.${r.conname} (${r.cols.join(', ')})`)).toEqual([]);
  // Foreign keys between tenant tables also match on program_id on the referenced side.
  const fks = await q<{ tbl: string; conname: string; refcols: string[]; ref: string }>(
    `select c.conrelid::regclass::text as tbl, c.conname, c.confrelid::regclass::text as ref,
            array(select a.attname::text from unnest(c.confkey) k join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k) as refcols
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' and c.contype = 'f'`,
  );
  const crossTenant = fks.filter((f) => TENANT.includes(f.tbl) && TENANT.includes(f.ref) && !f.refcols.includes('program_id'));
  expect(crossTenant.map((f) => `${f.tbl}.${f.conname}`)).toEqual([]);
});

test('unique indexes of tenant tables (expression indexes included) include program_id', async () => {
  const rows = await q<{ tbl: string; idx: string; def: string }>(
    `select t.relname as tbl, i.relname as idx, pg_get_indexdef(x.indexrelid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and x.indisunique`,
  );
  const offending = rows.filter((r) => TENANT.includes(r.tbl) && !/\(program_id\b|, program_id\b/.test(r.def.slice(r.def.indexOf('('))));
  expect(offending.map((r) => r.def)).toEqual([]);
});
