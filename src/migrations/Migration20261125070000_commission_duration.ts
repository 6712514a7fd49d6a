import { Migration } from '@mikro-orm/migrations';

/**
 * Commission duration on commission plans (how long a referred customer earns its affiliate commissions:
 * for life, the first payment, some months, some payments) and, on sales, whether a sale came past that limit
 * (recorded with a zero commission, so the merchant sees it and the affiliate is not paid).
 */
export class Migration20261125070000_commission_duration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table commission_plans
  add column commission_duration text not null default 'lifetime' check (commission_duration in ('lifetime', 'first_payment', 'months', 'payments')),
  add column commission_duration_limit integer check (commission_duration_limit is null or commission_duration_limit > 0);
alter table sales add column commission_limit_reached boolean not null default false;
`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table sales drop column commission_limit_reached; alter table commission_plans drop column commission_duration, drop column commission_duration_limit;',
    );
  }
}
