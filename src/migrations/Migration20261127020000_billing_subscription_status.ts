import { Migration } from '@mikro-orm/migrations';

/**
 * A subscription's newest status is kept with its customer: Stripe sends customer.subscription.created before
 * the checkout session that names the affiliate, and the referral made then takes the status it missed.
 */
export class Migration20261127020000_billing_subscription_status extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table billing_subscriptions add column customer text, add column status text;
create index billing_subscriptions_customer_idx on billing_subscriptions (program_id, customer, event_created desc);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists billing_subscriptions_customer_idx; alter table billing_subscriptions drop column customer, drop column status;');
  }
}
