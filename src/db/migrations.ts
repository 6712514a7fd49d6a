import { Migration20261121000000_foundation } from '../migrations/Migration20261121000000_foundation';
import { Migration20261121010000_referrals_coupons_codes } from '../migrations/Migration20261121010000_referrals_coupons_codes';
import { Migration20261121020000_sales_commissions } from '../migrations/Migration20261121020000_sales_commissions';
import { Migration20261121030000_webhooks } from '../migrations/Migration20261121030000_webhooks';
import { Migration20261121040000_oauth } from '../migrations/Migration20261121040000_oauth';
import { Migration20261121050000_shard_ready } from '../migrations/Migration20261121050000_shard_ready';
import { Migration20261124010000_idempotency_lease } from '../migrations/Migration20261124010000_idempotency_lease';
import { Migration20261124020000_click_visitors } from '../migrations/Migration20261124020000_click_visitors';
import { Migration20261124030000_credential_notifications } from '../migrations/Migration20261124030000_credential_notifications';
import { Migration20261124040000_credential_moves } from '../migrations/Migration20261124040000_credential_moves';
import { Migration20261125010000_activity_stats } from '../migrations/Migration20261125010000_activity_stats';
import { Migration20261125020000_list_search } from '../migrations/Migration20261125020000_list_search';
import { Migration20261125030000_partner_subscriptions } from '../migrations/Migration20261125030000_partner_subscriptions';
import { Migration20261125040000_commission_approvals } from '../migrations/Migration20261125040000_commission_approvals';
import { Migration20261125050000_billing_integrations } from '../migrations/Migration20261125050000_billing_integrations';
import { Migration20261125060000_partial_refunds } from '../migrations/Migration20261125060000_partial_refunds';
import { Migration20261125070000_commission_duration } from '../migrations/Migration20261125070000_commission_duration';
import { Migration20261125080000_billing_held_invoices } from '../migrations/Migration20261125080000_billing_held_invoices';
import { Migration20261125085000_billing_ordering } from '../migrations/Migration20261125085000_billing_ordering';
import { Migration20261125090000_merchant_attribution } from '../migrations/Migration20261125090000_merchant_attribution';
import { Migration20261127020000_billing_subscription_status } from '../migrations/Migration20261127020000_billing_subscription_status';
import { Migration20261127030000_click_address_buckets } from '../migrations/Migration20261127030000_click_address_buckets';

/** Migrations listed explicitly so the compiled app, the CLI and the tests apply the same set without globbing. */
export const migrationsList = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261121010000_referrals_coupons_codes', class: Migration20261121010000_referrals_coupons_codes },
  { name: 'Migration20261121020000_sales_commissions', class: Migration20261121020000_sales_commissions },
  { name: 'Migration20261121030000_webhooks', class: Migration20261121030000_webhooks },
  { name: 'Migration20261121040000_oauth', class: Migration20261121040000_oauth },
  { name: 'Migration20261121050000_shard_ready', class: Migration20261121050000_shard_ready },
  { name: 'Migration20261124010000_idempotency_lease', class: Migration20261124010000_idempotency_lease },
  { name: 'Migration20261124020000_click_visitors', class: Migration20261124020000_click_visitors },
  { name: 'Migration20261124030000_credential_notifications', class: Migration20261124030000_credential_notifications },
  { name: 'Migration20261124040000_credential_moves', class: Migration20261124040000_credential_moves },
  { name: 'Migration20261125010000_activity_stats', class: Migration20261125010000_activity_stats },
  { name: 'Migration20261125020000_list_search', class: Migration20261125020000_list_search },
  { name: 'Migration20261125030000_partner_subscriptions', class: Migration20261125030000_partner_subscriptions },
  { name: 'Migration20261125040000_commission_approvals', class: Migration20261125040000_commission_approvals },
  { name: 'Migration20261125050000_billing_integrations', class: Migration20261125050000_billing_integrations },
  { name: 'Migration20261125060000_partial_refunds', class: Migration20261125060000_partial_refunds },
  { name: 'Migration20261125070000_commission_duration', class: Migration20261125070000_commission_duration },
  { name: 'Migration20261125080000_billing_held_invoices', class: Migration20261125080000_billing_held_invoices },
  { name: 'Migration20261125085000_billing_ordering', class: Migration20261125085000_billing_ordering },
  { name: 'Migration20261125090000_merchant_attribution', class: Migration20261125090000_merchant_attribution },
  { name: 'Migration20261127020000_billing_subscription_status', class: Migration20261127020000_billing_subscription_status },
  { name: 'Migration20261127030000_click_address_buckets', class: Migration20261127030000_click_address_buckets },
];
