import { Migration } from '@mikro-orm/migrations';

/**
 * Dashboard lists search names and emails by any part, case-insensitively (`ilike '%…%'`): trigram indexes
 * (pg_trgm, a trusted extension: a database owner may create it) on the very expressions the list queries
 * search, so a search reads the index instead of every row of the program.
 */
export class Migration20261125020000_list_search extends Migration {
  override async up(): Promise<void> {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`create index affiliates_search_idx on affiliates using gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops)`);
    this.addSql(`create index referrals_search_idx on referrals using gin ((name || ' ' || email) gin_trgm_ops)`);
    this.addSql(`create index sales_search_idx on sales using gin ((name || ' ' || email) gin_trgm_ops)`);
    this.addSql('create index affiliate_links_search_idx on affiliate_links using gin (link gin_trgm_ops)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists affiliates_search_idx, referrals_search_idx, sales_search_idx, affiliate_links_search_idx');
  }
}
