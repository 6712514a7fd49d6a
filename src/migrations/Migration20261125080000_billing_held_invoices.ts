import { Migration } from '@mikro-orm/migrations';

/**
 * Paid invoices of customers not (yet) attributed. Stripe does not deliver events in order: a subscription's
 * first invoice.paid often arrives before the checkout.session.completed that names its affiliate. Such an
 * invoice is held, and becomes a sale when its customer is attributed within Stripe's retry horizon.
 */
export class Migration20261125080000_billing_held_invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table billing_held_invoices (
  program_id uuid not null,
  integration_id uuid not null,
  invoice_id text not null,
  customer text not null,
  invoice jsonb not null,
  received_at timestamptz not null default now(),
  primary key (program_id, integration_id, invoice_id),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);
create index billing_held_invoices_customer_idx on billing_held_invoices (program_id, customer);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists billing_held_invoices;');
  }
}
