import { Migration } from '@mikro-orm/migrations';

/**
 * One customer, one referrer (DESIGN.md): a customer is its `referred_user_external_id` within the program and
 * has one live referral, held by the partial unique index `referrals_customer_key` that POST /referrals inserts
 * against (INSERT ... ON CONFLICT), so concurrent duplicates make one row.
 *
 * Databases made before the rule may hold several referrals of one customer. None is deleted, merged or
 * re-pointed: each carries its own sales and commissions (approved, batched, paid out), counters and stats, the
 * history its affiliate was credited and paid by. The oldest (created_at, then id) stays the customer's referral:
 * the first referrer is what the default first_click model keeps, and it is the referral the Stripe ingestion has
 * always credited (it takes a customer's first referral in creation order), so REST and billing agree from now
 * on, under last_click too (which later referral would have won cannot be re-decided without moving history).
 * The later ones get `superseded_at` and leave the index: they keep their affiliate, sales, place in lists,
 * counters and stats, but are no longer the customer's referral (POST /referrals, POST /sales {email}), so new
 * sales go to the kept one. `updated_at` stays: nothing the API shows changed. The stats trigger does not fire
 * (no counted column changes).
 */
export class Migration20261127200000_one_referrer_per_customer extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table referrals add column superseded_at timestamptz;
update referrals r set superseded_at = now()
  from (select program_id, id, row_number() over (partition by program_id, referred_user_external_id order by created_at, id) as n from referrals) d
 where r.program_id = d.program_id and r.id = d.id and d.n > 1;
create unique index referrals_customer_key on referrals (program_id, referred_user_external_id) where superseded_at is null;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop index referrals_customer_key;
alter table referrals drop column superseded_at;
`);
  }
}
