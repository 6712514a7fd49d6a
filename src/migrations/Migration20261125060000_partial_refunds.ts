import { Migration } from '@mikro-orm/migrations';

/**
 * Partial refunds: a sale keeps how much of it was refunded (its commission follows in proportion), and a
 * billing integration keeps which payment paid which invoice and which refunds it has seen, since Stripe's
 * charges and refunds no longer name their invoice (they name the payment intent, and invoice_payment objects
 * link the two).
 */
export class Migration20261125060000_partial_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table sales add column refunded_amount numeric(18, 6) not null default 0;

create table billing_payments (
  program_id uuid not null,
  integration_id uuid not null,
  payment_intent text not null,
  invoice_id text not null,
  primary key (program_id, integration_id, payment_intent),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);

create table billing_charges (
  program_id uuid not null,
  integration_id uuid not null,
  charge_id text not null,
  payment_intent text not null,
  primary key (program_id, integration_id, charge_id),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);

create table billing_refunds (
  program_id uuid not null,
  integration_id uuid not null,
  refund_id text not null,
  payment_intent text not null,
  amount bigint not null,
  primary key (program_id, integration_id, refund_id),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);
create index billing_refunds_payment_idx on billing_refunds (program_id, integration_id, payment_intent);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists billing_refunds, billing_charges, billing_payments; alter table sales drop column refunded_amount;');
  }
}
