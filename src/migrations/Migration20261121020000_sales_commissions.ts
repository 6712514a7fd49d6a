import { Migration } from '@mikro-orm/migrations';

/**
 * Sales, their commission (one per sale) with an append-only ledger of entries, payout batches, and
 * idempotency keys. Money is numeric; commission amounts are stored already rounded to the minor unit.
 */
export class Migration20261121020000_sales_commissions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table sales (
  id bigint generated always as identity primary key,
  program_id uuid not null references programs(id) on delete cascade,
  affiliate_id uuid not null,
  referral_id uuid,
  link_id uuid,
  promotional_code_id uuid,
  promo_code text,
  external_id text,
  external_invoice_id text,
  name text not null,
  email text not null,
  currency text not null,
  total_earned numeric(18,6) not null check (total_earned <> 0),
  tax numeric(18,6) check (tax >= 0),
  shipping numeric(18,6) check (shipping >= 0),
  commission_rate numeric(9,4) check (commission_rate >= 0 and commission_rate <= 100),
  refunded boolean not null default false,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade,
  foreign key (program_id, referral_id) references referrals (program_id, id) on delete cascade,
  foreign key (program_id, link_id) references affiliate_links (program_id, id) on delete set null (link_id),
  foreign key (program_id, promotional_code_id) references promotional_codes (program_id, id) on delete set null (promotional_code_id)
);
-- The same externalId is recorded once per program (a repeat returns the first sale).
create unique index sales_program_external_id_key on sales (program_id, external_id) where external_id is not null;
create index sales_affiliate_idx on sales (program_id, affiliate_id, id);
create index sales_referral_idx on sales (program_id, referral_id) where referral_id is not null;
create index sales_invoice_idx on sales (program_id, external_invoice_id) where external_invoice_id is not null;
create index sales_email_idx on sales (program_id, lower(email));

create table payout_batches (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  status text not null default 'open' check (status in ('open','paid')),
  currency text not null,
  total numeric(18,6) not null default 0,
  commission_count integer not null default 0,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (program_id, id)
);

create table commissions (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  sale_id bigint not null,
  affiliate_id uuid not null,
  rate numeric(9,4) not null,
  base numeric(18,6) not null,
  amount numeric(18,6) not null,
  currency text not null,
  status text not null check (status in ('pending','approved','paid','reversed')),
  hold_until timestamptz,
  approved_at timestamptz,
  payout_batch_id uuid,
  paid_at timestamptz,
  paid_manually boolean not null default false,
  reversed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id),
  unique (program_id, sale_id),
  foreign key (program_id, sale_id) references sales (program_id, id) on delete cascade,
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete cascade,
  foreign key (program_id, payout_batch_id) references payout_batches (program_id, id)
);
create index commissions_status_idx on commissions (program_id, status, id);
create index commissions_batch_idx on commissions (program_id, payout_batch_id) where payout_batch_id is not null;

-- Append-only: what was earned, corrected and reversed; a commission's amount is the sum of its entries.
create table commission_entries (
  id bigint generated always as identity primary key,
  program_id uuid not null,
  commission_id uuid not null,
  kind text not null check (kind in ('earned','correction','reversal')),
  amount numeric(18,6) not null,
  note text,
  created_at timestamptz not null default now(),
  foreign key (program_id, commission_id) references commissions (program_id, id) on delete cascade
);
create index commission_entries_commission_idx on commission_entries (commission_id, id);

create table idempotency_keys (
  credential text not null,
  key text not null,
  request_hash text not null,
  status text not null check (status in ('running','done')),
  response_status integer,
  response_body text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (credential, key)
);
create index idempotency_keys_expiry_idx on idempotency_keys (expires_at);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists idempotency_keys, commission_entries, commissions, payout_batches, sales cascade;');
  }
}
