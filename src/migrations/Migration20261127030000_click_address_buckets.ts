import { Migration } from '@mikro-orm/migrations';

/**
 * A click keeps the keyed hash of its address's bucket too (IPv4, IPv4-mapped folded to IPv4, IPv6 by its /64:
 * common/client-address), so an address the affiliate is known at matches the same household or device on a
 * rotating IPv6 address. Existing clicks cannot be given one (only their address's hash is kept): they match
 * by the exact address only. No index: it is compared between clicks found by their ids.
 */
export class Migration20261127030000_click_address_buckets extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table clicks add column address_hash text;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table clicks drop column address_hash;');
  }
}
