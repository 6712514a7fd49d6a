import { Migration } from '@mikro-orm/migrations';

/**
 * Foundation schema. Every tenant table carries program_id and every unique key includes it, so the schema
 * can later be sharded by program_id. Emails and slugs are unique case-insensitively.
 */
export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table users (
  id uuid primary key,
  email text not null,
  name text not null,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id uuid primary key,
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table programs (
  id uuid primary key,
  owner_id uuid not null references users(id) on delete cascade,
  name text not null,
  domain text,
  logo_url text,
  currency text not null default 'USD',
  base_urls text[] not null default '{}',
  default_commission_rate numeric(9,4) not null default 20,
  auto_approve_affiliates boolean not null default true,
  deduct_tax boolean not null default false,
  deduct_shipping boolean not null default false,
  refund_window_days integer not null default 30 check (refund_window_days >= 0),
  commission_hold_days integer check (commission_hold_days >= 0),
  affiliate_limit integer check (affiliate_limit >= 0),
  monthly_referral_limit integer check (monthly_referral_limit >= 0),
  reads_per_minute integer not null default 600 check (reads_per_minute > 0),
  writes_per_minute integer not null default 120 check (writes_per_minute > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index programs_owner_idx on programs (owner_id);

create table api_keys (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  created_by_id uuid references users(id) on delete set null,
  name text not null,
  prefix text not null,
  key_hash text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  unique (program_id, key_hash)
);
-- Authentication looks a key up by its hash alone (256 random bits: collisions are not a concern).
create index api_keys_key_hash_idx on api_keys (key_hash);

create table affiliate_groups (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id)
);

create table commission_plans (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  affiliate_group_id uuid,
  name text not null,
  commission_rate numeric(9,4) not null check (commission_rate >= 0 and commission_rate <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  foreign key (program_id, affiliate_group_id) references affiliate_groups (program_id, id) on delete set null (affiliate_group_id)
);

create table affiliates (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  first_name text not null,
  last_name text not null,
  email text not null,
  commission_rate numeric(9,4) check (commission_rate >= 0 and commission_rate <= 100),
  affiliate_status text not null check (affiliate_status in ('active','pending','inactive','rejected')),
  commission_plan_id uuid,
  affiliate_group_id uuid,
  link text,
  number_of_referred_users integer not null default 0,
  number_of_clicks integer not null default 0,
  total_commission_earned numeric(18,6) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  foreign key (program_id, commission_plan_id) references commission_plans (program_id, id) on delete set null (commission_plan_id),
  foreign key (program_id, affiliate_group_id) references affiliate_groups (program_id, id) on delete set null (affiliate_group_id)
);
create unique index affiliates_program_email_key on affiliates (program_id, lower(email));
create index affiliates_program_created_idx on affiliates (program_id, created_at, id);

create table affiliate_links (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  affiliate_id uuid not null,
  link text not null check (link ~ '^[A-Za-z0-9-]+$'),
  clicks integer not null default 0,
  referrals integer not null default 0,
  sales integer not null default 0,
  total_revenue numeric(18,6) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade
);
create unique index affiliate_links_program_link_key on affiliate_links (program_id, lower(link));
create index affiliate_links_affiliate_idx on affiliate_links (program_id, affiliate_id, created_at);

create table clicks (
  id bigint generated always as identity primary key,
  program_id uuid not null references programs(id) on delete cascade,
  affiliate_id uuid not null,
  link_id uuid,
  referrer text,
  user_agent text,
  ip_hash text,
  landing_url text,
  created_at timestamptz not null default now(),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade,
  foreign key (program_id, link_id) references affiliate_links (program_id, id) on delete set null (link_id)
);
create index clicks_program_idx on clicks (program_id, id);
create index clicks_link_idx on clicks (link_id);

create table events (
  id text primary key,
  program_id uuid not null references programs(id) on delete cascade,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index events_program_created_idx on events (program_id, created_at, id);

create table email_outbox (
  id uuid primary key,
  program_id uuid references programs(id) on delete cascade,
  kind text not null,
  "to" text not null,
  subject text not null,
  text text not null,
  html text,
  status text not null default 'pending' check (status in ('pending','sent','failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_due_idx on email_outbox (next_attempt_at) where status = 'pending';
`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists email_outbox, events, clicks, affiliate_links, affiliates, commission_plans,
      affiliate_groups, api_keys, programs, sessions, users cascade;`);
  }
}
