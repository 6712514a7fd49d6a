import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts that move money (issue 30): the program's minimum payout, and one payout per affiliate in each batch,
 * with how it is paid (method and destination copied from the affiliate's payout details when the batch is made,
 * so a later change cannot redirect money already batched), where it stands, and the commissions it was made of
 * (kept when a failed payout frees them for a later batch). Batches made before get their payouts from their
 * commissions: paid when the batch was, else waiting to be marked paid; their method is `manual`. A payout outlives
 * its affiliate (affiliate_id becomes null): what was paid stays on record.
 */
export class Migration20261129000000_payouts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table programs add column minimum_payout numeric(18,6) not null default 0 check (minimum_payout >= 0);

alter table payout_batches drop constraint if exists payout_batches_status_check;
alter table payout_batches add constraint payout_batches_status_check check (status in ('open', 'paid', 'failed'));

create table payouts (
  program_id uuid not null references programs (id) on delete cascade,
  id uuid not null,
  batch_id uuid not null,
  affiliate_id uuid,
  amount numeric(18,6) not null,
  currency text not null,
  method text not null check (method in ('paypal', 'wise', 'stripe_connect', 'manual')),
  destination text,
  status text not null check (status in ('pending', 'processing', 'paid', 'failed')),
  reference text,
  failure_reason text,
  last_error text,
  commission_count integer not null,
  commission_ids uuid[] not null default '{}',
  first_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  failed_at timestamptz,
  primary key (program_id, id),
  unique (program_id, batch_id, affiliate_id),
  foreign key (program_id, batch_id) references payout_batches (program_id, id) on delete cascade,
  -- Money that left stays on record when its affiliate is deleted (the affiliate's commissions go with it).
  foreign key (program_id, affiliate_id) references affiliates (program_id, id) on delete set null (affiliate_id)
);
create index payouts_affiliate_idx on payouts (program_id, affiliate_id, created_at desc, id desc);
create index payouts_status_idx on payouts (program_id, status, id);

insert into payouts (program_id, id, batch_id, affiliate_id, amount, currency, method, status, commission_count, commission_ids,
                     created_at, updated_at, paid_at)
select c.program_id, gen_random_uuid(), b.id, c.affiliate_id, sum(c.amount), b.currency, 'manual',
       case when b.status = 'paid' then 'paid' else 'processing' end, count(*), array_agg(c.id order by c.id),
       b.created_at, coalesce(b.paid_at, b.created_at), b.paid_at
  from /* all programs: a backfill */ commissions c
  join payout_batches b on b.program_id = c.program_id and b.id = c.payout_batch_id
 group by c.program_id, b.id, b.currency, b.status, b.created_at, b.paid_at, c.affiliate_id;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop table if exists payouts;
update /* all programs: a rollback */ payout_batches set status = 'open' where status = 'failed';
alter table payout_batches drop constraint if exists payout_batches_status_check;
alter table payout_batches add constraint payout_batches_status_check check (status in ('open', 'paid'));
alter table programs drop column if exists minimum_payout;
`);
  }
}
