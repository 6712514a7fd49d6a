import { Migration } from '@mikro-orm/migrations';

/**
 * The affiliates' own portal (issue 29): each program's portal settings (its slug is made from the name for the
 * programs that exist), the affiliate's payout details and email preferences, emailed and embedding sign-in
 * links, portal sessions, and headers on outbox emails (List-Unsubscribe). Tokens are stored as their SHA-256.
 */
export class Migration20261128000000_affiliate_portal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table programs
  add column portal_slug text,
  add column portal_enabled boolean not null default true,
  add column portal_signup_open boolean not null default true,
  add column portal_terms text;

-- Existing programs: the name's letters and digits joined by hyphens (40 at most), numbered where two agree.
with made as (
  select id, coalesce(nullif(trim(both '-' from left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 40)), ''), 'program') as base, created_at
    from /* all programs: a backfill */ programs
), numbered as (
  select id, base, row_number() over (partition by base order by created_at, id) as n from made
)
update /* all programs: a backfill */ programs p
   set portal_slug = case when numbered.n = 1 then numbered.base else numbered.base || '-' || numbered.n end
  from numbered where numbered.id = p.id;

alter table programs alter column portal_slug set not null;
create unique index programs_portal_slug_key on programs (lower(portal_slug));

alter table affiliates
  add column payout_method text check (payout_method in ('paypal', 'wise', 'stripe_connect', 'manual')),
  add column payout_email text,
  add column stripe_account_id text,
  add column notify_new_commission boolean not null default true,
  add column notify_payout_sent boolean not null default true,
  add column email_token text not null default encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');

create table portal_sign_in_tokens (
  program_id uuid not null references programs (id) on delete cascade,
  id uuid not null,
  affiliate_id uuid not null,
  token_hash text not null,
  purpose text not null check (purpose in ('email', 'embed')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (program_id, id),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade
);
create unique index portal_sign_in_tokens_hash_key on portal_sign_in_tokens (program_id, token_hash);
create index portal_sign_in_tokens_affiliate_idx on portal_sign_in_tokens (program_id, affiliate_id, created_at);

create table portal_sessions (
  program_id uuid not null references programs (id) on delete cascade,
  id uuid not null,
  affiliate_id uuid not null,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  primary key (program_id, id),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade
);
create unique index portal_sessions_hash_key on portal_sessions (program_id, token_hash);

alter table email_outbox add column headers jsonb;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
alter table email_outbox drop column headers;
drop table portal_sessions;
drop table portal_sign_in_tokens;
alter table affiliates drop column payout_method, drop column payout_email, drop column stripe_account_id,
  drop column notify_new_commission, drop column notify_payout_sent, drop column email_token;
drop index programs_portal_slug_key;
alter table programs drop column portal_slug, drop column portal_enabled, drop column portal_signup_open, drop column portal_terms;
`);
  }
}
