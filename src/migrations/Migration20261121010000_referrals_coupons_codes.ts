import { Migration } from '@mikro-orm/migrations';

/** Referrals, coupons (with their automatic-code rule), promotional codes, their link connections, and a job queue. */
export class Migration20261121010000_referrals_coupons_codes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table coupons (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  name text not null,
  external_id text,
  coupon_type text not null default 'PERCENTAGE' check (coupon_type in ('PERCENTAGE','FLAT')),
  percent_off numeric(7,4) check (percent_off >= 1 and percent_off <= 100),
  amount_off numeric(18,6) check (amount_off > 0),
  currency text,
  duration text not null default 'forever' check (duration in ('once','forever','repeating')),
  duration_in_months integer check (duration_in_months > 0),
  max_redemptions integer check (max_redemptions >= 0),
  times_redeemed integer not null default 0 check (times_redeemed >= 0),
  limit_to_products boolean not null default false,
  product_ids text[] not null default '{}',
  valid boolean not null default true,
  redeem_by timestamptz,
  integration_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  check (max_redemptions is null or times_redeemed <= max_redemptions)
);
create unique index coupons_program_external_id_key on coupons (program_id, external_id) where external_id is not null;
create index coupons_program_name_idx on coupons (program_id, lower(name));

create table auto_coupon_rules (
  coupon_id uuid primary key,
  program_id uuid not null,
  enabled boolean not null default true,
  code_structure jsonb not null,
  prefix text,
  random_chars_length integer not null default 4 check (random_chars_length between 0 and 32),
  random_chars_case text not null default 'mixed' check (random_chars_case in ('uppercase','lowercase','mixed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (program_id, coupon_id) references coupons (program_id, id) on delete cascade
);
create index auto_coupon_rules_program_idx on auto_coupon_rules (program_id) where enabled;

create table promotional_codes (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  coupon_id uuid not null,
  affiliate_id uuid,
  code text not null,
  external_id text,
  active boolean not null default true,
  expires_at timestamptz,
  max_redemptions integer check (max_redemptions >= 0),
  times_redeemed integer not null default 0 check (times_redeemed >= 0),
  first_time_order boolean not null default false,
  minimum_amount numeric(18,6) check (minimum_amount >= 0),
  minimum_amount_currency text,
  limit_to_customers boolean not null default false,
  customer_id text,
  limit_to_affiliate boolean not null default false,
  is_auto_generated boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  check (max_redemptions is null or times_redeemed <= max_redemptions),
  foreign key (program_id, coupon_id) references coupons (program_id, id) on delete cascade,
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete set null (affiliate_id)
);
create unique index promotional_codes_program_code_key on promotional_codes (program_id, lower(code));
create index promotional_codes_coupon_idx on promotional_codes (program_id, coupon_id, id);
create index promotional_codes_affiliate_idx on promotional_codes (program_id, affiliate_id, id);
create index promotional_codes_external_idx on promotional_codes (program_id, external_id) where external_id is not null;

-- Which links an assigned code is connected to (filled by a background job).
create table promotional_code_links (
  program_id uuid not null,
  promotional_code_id uuid not null,
  link_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (program_id, promotional_code_id, link_id),
  foreign key (program_id, promotional_code_id) references promotional_codes (program_id, id) on delete cascade,
  foreign key (program_id, link_id) references affiliate_links (program_id, id) on delete cascade
);
create index promotional_code_links_link_idx on promotional_code_links (program_id, link_id);

create table referrals (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  affiliate_id uuid not null,
  link_id uuid,
  click_id bigint,
  promotional_code_id uuid,
  promo_code text,
  name text not null,
  email text not null,
  referred_user_external_id text not null,
  subscription_status text not null default 'active'
    check (subscription_status in ('active','trialing','past_due','canceled','unpaid','incomplete','expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade,
  foreign key (program_id, link_id) references affiliate_links (program_id, id) on delete set null (link_id),
  foreign key (program_id, promotional_code_id) references promotional_codes (program_id, id) on delete set null (promotional_code_id)
);
create index referrals_program_idx on referrals (program_id, id);
create index referrals_affiliate_idx on referrals (program_id, affiliate_id, id);
create index referrals_email_idx on referrals (program_id, lower(email));
create index referrals_external_idx on referrals (program_id, referred_user_external_id);
create index referrals_month_idx on referrals (program_id, created_at);

-- Public click tracking (/r/:slug) finds a slug before it knows the program.
create index affiliate_links_slug_idx on affiliate_links (lower(link));

-- Background jobs, queued in the transaction of the change that needs them; claimed with SKIP LOCKED.
create table jobs (
  id bigint generated always as identity primary key,
  program_id uuid references programs(id) on delete cascade,
  kind text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending','done','failed')),
  attempts integer not null default 0,
  last_error text,
  run_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at) where status = 'pending';
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists jobs, referrals, promotional_code_links, promotional_codes, auto_coupon_rules, coupons cascade;');
  }
}
