import { Migration } from '@mikro-orm/migrations';

/**
 * A webhook endpoint an automation partner subscribed through its OAuth token (a REST hook) names that
 * connection: the partner lists and deletes only its own, and revoking the connection deletes them (the
 * service does it in the revocation's transaction; the foreign key also cascades a deleted token).
 */
export class Migration20261125030000_partner_subscriptions extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table webhook_endpoints add column connection_id uuid');
    this.addSql(
      'alter table webhook_endpoints add constraint webhook_endpoints_connection_fkey foreign key (program_id, connection_id) references oauth_tokens (program_id, id) on delete cascade',
    );
    this.addSql('create index webhook_endpoints_connection_idx on webhook_endpoints (program_id, connection_id) where connection_id is not null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table webhook_endpoints drop column connection_id');
  }
}
