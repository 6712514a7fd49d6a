import { Migration } from '@mikro-orm/migrations';

/**
 * Click de-duplication: a visitor hash per click (keyed hash of address + user agent) and the index that finds
 * "this visitor's click on this link in the last 30 minutes", program_id first like every tenant index. The
 * key is a random secret per program: the program id is public now (it is in every trackingUrl), so it cannot
 * key the hashes. A plain index on lower(link) serves the legacy /r/<slug>, which looks across programs.
 */
export class Migration20261124020000_click_visitors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
alter table programs add column click_hash_key text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
alter table clicks add column visitor_hash text;
create index clicks_visitor_idx on clicks (program_id, link_id, visitor_hash, created_at) where visitor_hash is not null;
create index affiliate_links_link_idx on affiliate_links (lower(link));
`);
  }

  override async down(): Promise<void> {
    this.addSql(`
drop index affiliate_links_link_idx;
drop index clicks_visitor_idx;
alter table clicks drop column visitor_hash;
alter table programs drop column click_hash_key;
`);
  }
}
