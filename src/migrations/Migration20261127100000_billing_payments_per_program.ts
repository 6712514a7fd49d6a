import { Migration } from '@mikro-orm/migrations';

/**
 * A program's Stripe payments, charges and refunds are kept once per program, whichever integration reported
 * them (issue 27): with two webhook endpoints, each integration saw part of a payment's refunds and summed only
 * its own, so 75 refunded at Stripe counted as 50. Stripe's ids are unique across accounts, so rows reported by
 * two integrations are the same payment; they merge (a charge keeps the most it was seen refunded). The rows no
 * longer go with an integration: deleting one endpoint (rotating it) keeps what its events taught.
 *
 * Refunds and charges keep their currency, so that only those in their sale's currency count (rows from before
 * have none and count as they did). Dropping integration_id drops the keys and foreign keys it was part of.
 */
export class Migration20261127100000_billing_payments_per_program extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
/* all programs: a one-off merge of every program's rows, each within its program */
delete from billing_payments a using billing_payments b
  where a.program_id = b.program_id and a.payment_intent = b.payment_intent and a.integration_id > b.integration_id;
alter table billing_payments drop column integration_id;
alter table billing_payments add primary key (program_id, payment_intent),
  add foreign key (program_id) references programs (id) on delete cascade;
create index billing_payments_invoice_idx on billing_payments (program_id, invoice_id);

update billing_charges c set amount_refunded = m.amount_refunded
  from (select program_id, charge_id, max(amount_refunded) as amount_refunded from billing_charges group by program_id, charge_id) m
  where c.program_id = m.program_id and c.charge_id = m.charge_id;
delete from billing_charges a using billing_charges b
  where a.program_id = b.program_id and a.charge_id = b.charge_id and a.integration_id > b.integration_id;
alter table billing_charges drop column integration_id;
alter table billing_charges add primary key (program_id, charge_id),
  add foreign key (program_id) references programs (id) on delete cascade,
  add column currency text;
create index billing_charges_payment_idx on billing_charges (program_id, payment_intent);

-- A refund of nothing or less was a malformed event taken as is: it only shrank the real ones.
delete from billing_refunds where amount <= 0;
delete from billing_refunds a using billing_refunds b
  where a.program_id = b.program_id and a.refund_id = b.refund_id and a.integration_id > b.integration_id;
alter table billing_refunds drop column integration_id;
alter table billing_refunds add primary key (program_id, refund_id),
  add foreign key (program_id) references programs (id) on delete cascade,
  add column currency text,
  add constraint billing_refunds_amount_positive check (amount > 0);
create index billing_refunds_payment_idx on billing_refunds (program_id, payment_intent);
`);
  }

  override async down(): Promise<void> {
    // Back to one integration's rows: each goes to the program's first integration; a program without one loses them.
    for (const t of ['billing_payments', 'billing_charges', 'billing_refunds']) {
      const key = { billing_payments: 'payment_intent', billing_charges: 'charge_id', billing_refunds: 'refund_id' }[t];
      this.addSql(`
alter table ${t} drop constraint ${t}_pkey, drop constraint if exists ${t}_program_id_fkey, add column integration_id uuid;
update ${t} x set integration_id = (select i.id from billing_integrations i where i.program_id = x.program_id order by i.id limit 1);
delete from ${t} where integration_id is null;
alter table ${t} alter column integration_id set not null, add primary key (program_id, integration_id, ${key}),
  add foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade;
`);
    }
    this.addSql(`
drop index if exists billing_payments_invoice_idx;
drop index if exists billing_charges_payment_idx;
drop index if exists billing_refunds_payment_idx;
create index billing_refunds_payment_idx on billing_refunds (program_id, integration_id, payment_intent);
alter table billing_charges drop column currency;
alter table billing_refunds drop constraint billing_refunds_amount_positive, drop column currency;
`);
  }
}
