import type { Client } from 'pg';

/**
 * A digest of the stored data, to prove a refused request changed nothing: every row of every table (the
 * columns that record use, not change, left out), or only one program's rows when `programId` is given.
 */
export async function dataDigest(db: Client, programId?: string): Promise<string> {
  const { rows: tables } = await db.query<{ table_name: string; scoped: boolean }>(
    `select t.table_name, exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'program_id') as scoped
       from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and t.table_name not in ('mikro_orm_migrations', 'idempotency_keys') order by 1`,
  );
  const parts = tables.map(({ table_name: t, scoped }) => {
    const where = programId ? (scoped ? `where program_id = '${programId}'` : t === 'programs' ? `where id = '${programId}'` : 'where false') : '';
    return `select '${t}' as t, md5(coalesce(string_agg(r, '|' order by r), '')) as h from (select (to_jsonb(x) - 'last_used_at')::text as r from ${t} x ${where}) s`;
  });
  const { rows } = await db.query<{ t: string; h: string }>(parts.join(' union all '));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}
