import { Migration } from '@mikro-orm/migrations';

/**
 * Customers' names that reached referrals and sales from Stripe before its objects were checked at the edge
 * (issue 27: a 900 KB name was stored) are cut to the API's 200 characters, as the ingestion now cuts them.
 * Beyond being unreadable, such a name is a sort value no cursor can carry, so a list ordered by name could not
 * page past it. Only rows over the limit change; their `updated_at` stays (nothing else changed).
 */
export class Migration20261127300000_names_within_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update /* all programs: a data repair */ referrals set name = left(name, 200) where length(name) > 200;`);
    this.addSql(`update /* all programs: a data repair */ sales set name = left(name, 200) where length(name) > 200;`);
  }

  override async down(): Promise<void> {
    // What was cut is gone; nothing to undo.
  }
}
