import { Migration } from '@mikro-orm/migrations';

/** Tenant tables distributed by program_id (Citus): their primary keys, unique keys and foreign keys include it. */
export const TENANT_TABLES = [
  'affiliate_groups',
  'affiliate_links',
  'affiliates',
  'api_keys',
  'clicks',
  'commission_entries',
  'commission_plans',
  'commissions',
  'coupons',
  'events',
  'oauth_tokens',
  'payout_batches',
  'promotional_codes',
  'referrals',
  'sales',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
];

/**
 * Ready to shard by program_id: every tenant primary key becomes (program_id, …), and the last foreign keys
 * that named a tenant row by id alone become composite. A plain index on id keeps single-row updates (which
 * the ORM addresses by id) an index lookup.
 */
export class Migration20261121050000_shard_ready extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table webhook_deliveries drop constraint webhook_deliveries_event_id_fkey;
alter table webhook_attempts drop constraint webhook_attempts_delivery_id_fkey;
alter table oauth_codes drop constraint oauth_codes_token_id_fkey;
alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_id_event_id_key;

do $$
declare t text;
begin
  foreach t in array array[${TENANT_TABLES.map((t) => `'${t}'`).join(', ')}] loop
    execute format('alter table %I drop constraint %I', t, t || '_pkey');
    execute format('alter table %I add primary key (program_id, id)', t);
    execute format('create index %I on %I (id)', t || '_id_idx', t);
  end loop;
end $$;

alter table auto_coupon_rules drop constraint auto_coupon_rules_pkey, add primary key (program_id, coupon_id);
alter table oauth_codes drop constraint oauth_codes_pkey, add primary key (program_id, code_hash);
create index oauth_codes_code_hash_idx on oauth_codes (code_hash);

alter table webhook_deliveries add constraint webhook_deliveries_endpoint_event_key unique (program_id, endpoint_id, event_id);
alter table webhook_deliveries add constraint webhook_deliveries_event_fkey
  foreign key (program_id, event_id) references events (program_id, id) on delete cascade;
alter table webhook_attempts add constraint webhook_attempts_delivery_fkey
  foreign key (program_id, delivery_id) references webhook_deliveries (program_id, id) on delete cascade;
alter table oauth_codes add constraint oauth_codes_token_fkey
  foreign key (program_id, token_id) references oauth_tokens (program_id, id) on delete set null (token_id);
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
alter table oauth_codes drop constraint oauth_codes_token_fkey;
alter table webhook_attempts drop constraint webhook_attempts_delivery_fkey;
alter table webhook_deliveries drop constraint webhook_deliveries_event_fkey;
alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_event_key;
drop index oauth_codes_code_hash_idx;
alter table oauth_codes drop constraint oauth_codes_pkey, add primary key (code_hash);
alter table auto_coupon_rules drop constraint auto_coupon_rules_pkey, add primary key (coupon_id);
do $$
declare t text;
begin
  foreach t in array array[${TENANT_TABLES.map((t) => `'${t}'`).join(', ')}] loop
    execute format('drop index %I', t || '_id_idx');
    execute format('alter table %I drop constraint %I', t, t || '_pkey');
    execute format('alter table %I add primary key (id)', t);
  end loop;
end $$;
alter table webhook_deliveries add constraint webhook_deliveries_endpoint_id_event_id_key unique (endpoint_id, event_id);
alter table oauth_codes add constraint oauth_codes_token_id_fkey foreign key (token_id) references oauth_tokens(id) on delete set null;
alter table webhook_attempts add constraint webhook_attempts_delivery_id_fkey foreign key (delivery_id) references webhook_deliveries(id) on delete cascade;
alter table webhook_deliveries add constraint webhook_deliveries_event_id_fkey foreign key (event_id) references events(id) on delete cascade;
`);
  }
}
