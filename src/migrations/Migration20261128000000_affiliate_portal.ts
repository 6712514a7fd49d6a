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

-- Existing programs, oldest first: the name's letters and digits joined by hyphens (40 at most; "program" when
-- fewer than 2 are left), then numbered -2, -3, ... until no other program has it. One at a time, so a numbered
-- slug never meets another program's base ("Acme", "Acme" and "Acme 2" get acme, acme-2 and acme-2-2).
do $$
declare
  p record;
  base text;
  candidate text;
  n int;
begin
  for p in select id, name from /* all programs: a backfill */ programs order by created_at, id loop
    base := trim(both '-' from left(regexp_replace(lower(p.name), '[^a-z0-9]+', '-', 'g'), 40));
    if length(base) < 2 then base := 'program' || case when base = '' then '' else '-' || base end; end if;
    candidate := base;
    n := 1;
    while exists (select 1 from /* all programs: a backfill */ programs where lower(portal_slug) = candidate) loop
      n := n + 1;
      candidate := base || '-' || n;
    end loop;
    update /* all programs: a backfill */ programs set portal_slug = candidate where id = p.id;
  end loop;
end $$;

alter table programs alter column portal_slug set not null;
create unique index programs_portal_slug_key on programs (lower(portal_slug));

alter table affiliates
  add column payout_method text check (payout_method in ('paypal', 'wise', 'stripe_connect', 'manual')),
  add column payout_email text,
  add column stripe_account_id text,
  add column notify_new_commission boolean not null default true,
  add column notify_payout_sent boolean not null default true,
  add column email_token text;
-- Filled in place rather than by a volatile column default, which would rewrite the table under an exclusive lock.
update /* all programs: a backfill */ affiliates set email_token = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
-- New rows get one too, whoever inserts them (the app sets its own; a default costs nothing once the column exists).
alter table affiliates alter column email_token set not null,
  alter column email_token set default encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');

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

alter table email_outbox add column headers jsonb, add column message jsonb;

-- A new commission whose affiliate gets "new commission" emails: written by the commission's own insert, turned
-- into the email by a worker (commission-notifier.ts), off the path of POST /sales.
create table commission_notices (
  program_id uuid not null,
  commission_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (program_id, commission_id),
  foreign key (program_id, commission_id) references commissions (program_id, id) on delete cascade
);
create index commission_notices_created_idx on commission_notices (created_at);
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop table commission_notices;
alter table email_outbox drop column headers, drop column message;
drop table portal_sessions;
drop table portal_sign_in_tokens;
alter table affiliates drop column payout_method, drop column payout_email, drop column stripe_account_id,
  drop column notify_new_commission, drop column notify_payout_sent, drop column email_token;
drop index programs_portal_slug_key;
alter table programs drop column portal_slug, drop column portal_enabled, drop column portal_signup_open, drop column portal_terms;
`);
  }
}
