import { Migration } from '@mikro-orm/migrations';

/**
 * Attribution on the merchant's site (DESIGN.md): each program gets a publishable key (`pk_…`, public: it
 * sits in the merchant's pages and may only record clicks), how long the tracker's cookie keeps a click
 * (`cookie_window_days`, default 60) and which click a second `ref` keeps (`attribution_model`). Existing
 * programs get a key of their own here (a volatile default is evaluated per row); new ones get theirs from
 * the application. Referrals gain `self_referral`: their sales' commissions wait for the owner's approval.
 */
export class Migration20261125090000_merchant_attribution extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table programs
  add column publishable_key text not null default 'pk_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  add column cookie_window_days integer not null default 60 check (cookie_window_days between 1 and 365),
  add column attribution_model text not null default 'first_click' check (attribution_model in ('first_click', 'last_click'));
alter table programs alter column publishable_key drop default;
create unique index programs_publishable_key_key on programs (publishable_key);
alter table referrals add column self_referral boolean not null default false;
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
alter table referrals drop column self_referral;
drop index programs_publishable_key_key;
alter table programs drop column publishable_key, drop column cookie_window_days, drop column attribution_model;
`);
  }
}
