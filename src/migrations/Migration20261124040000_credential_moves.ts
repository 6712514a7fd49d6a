import { Migration } from '@mikro-orm/migrations';

/** A credential moved to another program is dropped from the caches of both (it was cached under the old one). */
export class Migration20261124040000_credential_moves extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create or replace function notify_credential_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.program_id is not null then perform pg_notify('credentials_changed', old.program_id::text); end if;
  if tg_op = 'UPDATE' and new.program_id is distinct from old.program_id then perform pg_notify('credentials_changed', new.program_id::text); end if;
  return null;
end $$;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
create or replace function notify_credential_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('credentials_changed', coalesce(new.program_id, old.program_id)::text);
  return null;
end $$;
`);
  }
}
