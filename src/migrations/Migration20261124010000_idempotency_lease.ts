import { Migration } from '@mikro-orm/migrations';

/**
 * A running idempotency key is held by a lease its request renews (IdempotencyService), so a key whose
 * process died is taken over once the lease lapses instead of answering 409 for 24 h. `lease_owner` fences a
 * holder that lost its lease: it can no longer renew, store or release the key.
 *
 * The default is evaluated once here (now() is not volatile): rows claimed before this migration, or by an
 * instance still running the older code, get a one-minute lease nobody renews, so an orphan of a crash is
 * released a minute after the upgrade.
 */
export class Migration20261124010000_idempotency_lease extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table idempotency_keys
  add column lease_owner uuid,
  add column lease_expires_at timestamptz not null default now() + interval '1 minute';
`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table idempotency_keys drop column lease_expires_at, drop column lease_owner;');
  }
}
