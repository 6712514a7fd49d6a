import { Migration } from '@mikro-orm/migrations';

/** OAuth 2.0 authorization codes and partner access tokens ("connections"), both stored only as hashes. */
export class Migration20261121040000_oauth extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table oauth_tokens (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  partner text not null,
  token_hash text not null,
  prefix text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  unique (program_id, token_hash)
);
create index oauth_tokens_hash_idx on oauth_tokens (token_hash);
create index oauth_tokens_program_idx on oauth_tokens (program_id, id);

create table oauth_codes (
  code_hash text primary key,
  program_id uuid not null references programs(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  partner text not null,
  redirect_uri text not null,
  code_challenge text,
  code_challenge_method text,
  expires_at timestamptz not null,
  used_at timestamptz,
  token_id uuid references oauth_tokens(id) on delete set null,
  created_at timestamptz not null default now()
);
create index oauth_codes_expiry_idx on oauth_codes (expires_at);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists oauth_codes, oauth_tokens cascade;');
  }
}
