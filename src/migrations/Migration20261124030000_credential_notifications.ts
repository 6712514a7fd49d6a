import { Migration } from '@mikro-orm/migrations';

/**
 * Authenticated API keys and OAuth tokens are cached by each server process (src/identity/credential-cache.ts).
 * Whatever changes what a cached credential stands for (a revocation, a deletion, a program's settings, which
 * the credential carries) notifies `credentials_changed` with the program id, on commit, so every process
 * drops that program's credentials at once. `last_used_at` updates notify nothing.
 */
export class Migration20261124030000_credential_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create function notify_credential_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('credentials_changed', coalesce(new.program_id, old.program_id)::text);
  return null;
end $$;
create function notify_program_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('credentials_changed', coalesce(new.id, old.id)::text);
  return null;
end $$;
create trigger api_keys_credentials_changed after update of revoked_at, key_hash, program_id or delete on api_keys
  for each row execute function notify_credential_change();
create trigger oauth_tokens_credentials_changed after update of revoked_at, token_hash, program_id, partner or delete on oauth_tokens
  for each row execute function notify_credential_change();
create trigger programs_credentials_changed after update or delete on programs
  for each row execute function notify_program_change();
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop trigger programs_credentials_changed on programs;
drop trigger oauth_tokens_credentials_changed on oauth_tokens;
drop trigger api_keys_credentials_changed on api_keys;
drop function notify_program_change();
drop function notify_credential_change();
`);
  }
}
