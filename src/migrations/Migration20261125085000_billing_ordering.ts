import { Migration } from '@mikro-orm/migrations';

/**
 * What ingestion needs to be right whatever order Stripe delivers in: a charge's cumulative refunded amount
 * (a charge.refunded event need not list its refunds), and the time of the newest event applied to each
 * subscription (an older status arriving late changes nothing).
 */
export class Migration20261125085000_billing_ordering extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table billing_charges add column amount_refunded bigint not null default 0;

create table billing_subscriptions (
  program_id uuid not null,
  integration_id uuid not null,
  subscription_id text not null,
  event_created bigint not null,
  primary key (program_id, integration_id, subscription_id),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists billing_subscriptions; alter table billing_charges drop column amount_refunded;');
  }
}
