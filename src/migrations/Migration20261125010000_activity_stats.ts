import { Migration } from '@mikro-orm/migrations';

/**
 * Time-series statistics (dashboard `stats`, `topAffiliates`, GET /api/v1/stats).
 *
 * Every change to a click, referral, sale or commission appends a signed delta to `stat_deltas`, from a
 * trigger, in the transaction of the change: whatever path changes a row (the API, a refund, a cascade from a
 * deleted affiliate or link), the figures follow, and an insert takes no lock another writer waits on (a
 * per-program counter row would serialise every sale of a program). A worker folds the deltas into
 * `stat_buckets` (src/modules/stats/stats.compaction.ts): per program, affiliate and link, in quarter hours
 * (every time zone's midnight falls on one), hours, UTC days and UTC months. A query reads each part of its
 * window from the coarsest grain that fits it, the deltas not folded yet, and the raw rows of the partial
 * quarter hours at the window's edges, in one statement: exact at any instant, whether or not the worker ran.
 *
 * A commission is counted at its sale's time and link, which the commission carries (filled from the sale
 * on insert, kept in step when the sale's link or time changes), so its delta can be reversed when the sale
 * is already gone in the same cascade.
 */
export class Migration20261125010000_activity_stats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table stat_deltas (
  id bigint generated always as identity,
  program_id uuid not null,
  affiliate_id uuid not null,
  link_id uuid,
  at timestamptz not null,
  clicks integer not null default 0,
  referrals integer not null default 0,
  sales integer not null default 0,
  revenue numeric(20,6) not null default 0,
  commission numeric(20,6) not null default 0,
  refunds integer not null default 0,
  refunded_revenue numeric(20,6) not null default 0,
  primary key (program_id, id)
);
-- No other index: every write appends here, and the worker keeps the table small (a query reads a program's
-- unfolded deltas through the primary key's prefix).

create table stat_buckets (
  program_id uuid not null,
  level text not null check (level in ('p', 'a', 'l')),
  scope_id uuid not null,
  grain text not null check (grain in ('q', 'h', 'd', 'm')),
  bucket timestamptz not null,
  clicks bigint not null default 0,
  referrals bigint not null default 0,
  sales bigint not null default 0,
  revenue numeric(20,6) not null default 0,
  commission numeric(20,6) not null default 0,
  refunds bigint not null default 0,
  refunded_revenue numeric(20,6) not null default 0,
  primary key (program_id, level, scope_id, grain, bucket)
) with (fillfactor = 70);
-- Pages keep room and no index of affiliate or link buckets holds a measure: folding a delta into them is a
-- HOT update that writes no index (covering indexes on every bucket made each fold rewrite two index entries per
-- bucket, and cost the writers' throughput). The program's own buckets, few and read by every dashboard, are
-- covered: a program-wide series reads the index alone.
create index stat_buckets_program_idx on stat_buckets (program_id, grain, bucket)
  include (clicks, referrals, sales, revenue, commission, refunds, refunded_revenue) where level = 'p';
-- Top affiliates: every affiliate's buckets of one grain over a time range.
create index stat_buckets_affiliates_idx on stat_buckets (program_id, grain, bucket) where level = 'a';

-- The raw rows of a window's partial edges, and the commissions' own time and link.
alter table commissions add column sale_created_at timestamptz, add column sale_link_id uuid;
update commissions c set sale_created_at = s.created_at, sale_link_id = s.link_id from sales s where s.program_id = c.program_id and s.id = c.sale_id;
create index clicks_time_idx on clicks (program_id, created_at);
create index sales_time_idx on sales (program_id, created_at);
create index sales_refund_time_idx on sales (program_id, (coalesce(refunded_at, updated_at))) where refunded;

-- A click or a referral counts one at its creation (the trigger names which: clicks or referrals).
create function stat_count_delta() returns trigger language plpgsql as $$
declare
  is_click boolean := tg_argv[0] = 'clicks';
begin
  if tg_op <> 'INSERT' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, clicks, referrals)
      values (old.program_id, old.affiliate_id, old.link_id, old.created_at, case when is_click then -1 else 0 end, case when is_click then 0 else -1 end);
  end if;
  if tg_op <> 'DELETE' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, clicks, referrals)
      values (new.program_id, new.affiliate_id, new.link_id, new.created_at, case when is_click then 1 else 0 end, case when is_click then 0 else 1 end);
  end if;
  return null;
end $$;
create trigger clicks_stats_insert after insert on clicks for each row execute function stat_count_delta('clicks');
create trigger clicks_stats_delete after delete on clicks for each row execute function stat_count_delta('clicks');
create trigger clicks_stats_update after update on clicks for each row
  when ((old.program_id, old.affiliate_id, old.link_id, old.created_at) is distinct from (new.program_id, new.affiliate_id, new.link_id, new.created_at))
  execute function stat_count_delta('clicks');
create trigger referrals_stats_insert after insert on referrals for each row execute function stat_count_delta('referrals');
create trigger referrals_stats_delete after delete on referrals for each row execute function stat_count_delta('referrals');
create trigger referrals_stats_update after update on referrals for each row
  when ((old.program_id, old.affiliate_id, old.link_id, old.created_at) is distinct from (new.program_id, new.affiliate_id, new.link_id, new.created_at))
  execute function stat_count_delta('referrals');

-- A sale counts at its creation (sales, revenue) and, once refunded, at its refund (refunds, refunded revenue).
create function stat_sale_delta() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, sales, revenue) values (old.program_id, old.affiliate_id, old.link_id, old.created_at, -1, -old.total_earned);
    if old.refunded then
      insert into stat_deltas (program_id, affiliate_id, link_id, at, refunds, refunded_revenue)
        values (old.program_id, old.affiliate_id, old.link_id, coalesce(old.refunded_at, old.updated_at), -1, -old.total_earned);
    end if;
  end if;
  if tg_op <> 'DELETE' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, sales, revenue) values (new.program_id, new.affiliate_id, new.link_id, new.created_at, 1, new.total_earned);
    if new.refunded then
      insert into stat_deltas (program_id, affiliate_id, link_id, at, refunds, refunded_revenue)
        values (new.program_id, new.affiliate_id, new.link_id, coalesce(new.refunded_at, new.updated_at), 1, new.total_earned);
    end if;
  end if;
  if tg_op = 'UPDATE' and (old.link_id, old.created_at) is distinct from (new.link_id, new.created_at) then
    update commissions set sale_link_id = new.link_id, sale_created_at = new.created_at where program_id = new.program_id and sale_id = new.id;
  end if;
  return null;
end $$;
create trigger sales_stats_insert after insert on sales for each row execute function stat_sale_delta();
create trigger sales_stats_delete after delete on sales for each row execute function stat_sale_delta();
create trigger sales_stats_update after update on sales for each row
  when ((old.program_id, old.affiliate_id, old.link_id, old.created_at, old.total_earned, old.refunded, old.refunded_at)
    is distinct from (new.program_id, new.affiliate_id, new.link_id, new.created_at, new.total_earned, new.refunded, new.refunded_at)
    -- A refund without its time counts at the sale's updated_at (as every reader of it does).
    or (new.refunded and new.refunded_at is null and old.updated_at is distinct from new.updated_at))
  execute function stat_sale_delta();

create function commission_sale_fields() returns trigger language plpgsql as $$
begin
  select s.created_at, s.link_id into new.sale_created_at, new.sale_link_id from sales s where s.program_id = new.program_id and s.id = new.sale_id;
  new.sale_created_at := coalesce(new.sale_created_at, new.created_at);
  return new;
end $$;
create trigger commissions_sale_fields before insert on commissions for each row execute function commission_sale_fields();

-- A commission counts its current amount (nothing once reversed) for its affiliate, at its sale's time and link.
create function stat_commission_delta() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.status <> 'reversed' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, commission) values (old.program_id, old.affiliate_id, old.sale_link_id, old.sale_created_at, -old.amount);
  end if;
  if tg_op <> 'DELETE' and new.status <> 'reversed' then
    insert into stat_deltas (program_id, affiliate_id, link_id, at, commission) values (new.program_id, new.affiliate_id, new.sale_link_id, new.sale_created_at, new.amount);
  end if;
  return null;
end $$;
create trigger commissions_stats_insert after insert on commissions for each row execute function stat_commission_delta();
create trigger commissions_stats_delete after delete on commissions for each row execute function stat_commission_delta();
create trigger commissions_stats_update after update on commissions for each row
  when ((old.program_id, old.affiliate_id, old.sale_link_id, old.sale_created_at, old.amount, old.status = 'reversed')
    is distinct from (new.program_id, new.affiliate_id, new.sale_link_id, new.sale_created_at, new.amount, new.status = 'reversed'))
  execute function stat_commission_delta();

create function drop_program_stats() returns trigger language plpgsql as $$
begin
  delete from stat_buckets where program_id = old.id;
  delete from stat_deltas where program_id = old.id;
  return null;
end $$;
create trigger programs_drop_stats after delete on programs for each row execute function drop_program_stats();

-- What was recorded before this migration, as deltas (the worker folds them like any other).
insert into stat_deltas (program_id, affiliate_id, link_id, at, clicks) select program_id, affiliate_id, link_id, created_at, 1 from clicks;
insert into stat_deltas (program_id, affiliate_id, link_id, at, referrals) select program_id, affiliate_id, link_id, created_at, 1 from referrals;
insert into stat_deltas (program_id, affiliate_id, link_id, at, sales, revenue) select program_id, affiliate_id, link_id, created_at, 1, total_earned from sales;
insert into stat_deltas (program_id, affiliate_id, link_id, at, refunds, refunded_revenue)
  select program_id, affiliate_id, link_id, coalesce(refunded_at, updated_at), 1, total_earned from sales where refunded;
insert into stat_deltas (program_id, affiliate_id, link_id, at, commission)
  select program_id, affiliate_id, sale_link_id, sale_created_at, amount from commissions where status <> 'reversed';
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop trigger programs_drop_stats on programs;
drop function drop_program_stats();
drop trigger commissions_stats_update on commissions;
drop trigger commissions_stats_delete on commissions;
drop trigger commissions_stats_insert on commissions;
drop function stat_commission_delta();
drop trigger commissions_sale_fields on commissions;
drop function commission_sale_fields();
drop trigger sales_stats_update on sales;
drop trigger sales_stats_delete on sales;
drop trigger sales_stats_insert on sales;
drop function stat_sale_delta();
drop trigger referrals_stats_update on referrals;
drop trigger referrals_stats_delete on referrals;
drop trigger referrals_stats_insert on referrals;
drop trigger clicks_stats_update on clicks;
drop trigger clicks_stats_delete on clicks;
drop trigger clicks_stats_insert on clicks;
drop function stat_count_delta();
drop index stat_buckets_affiliates_idx;
drop index stat_buckets_program_idx;
drop index sales_refund_time_idx;
drop index sales_time_idx;
drop index clicks_time_idx;
alter table commissions drop column sale_link_id, drop column sale_created_at;
drop table stat_buckets;
drop table stat_deltas;
`);
  }
}
