import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { Click } from './click.entity';
import { execute } from '../../db/sql';

/** The SQL of click tracking; every statement on a tenant table names its program, except the legacy slug look-up. */

/**
 * The programs having a link with this slug (at most two: enough to tell one from several). The legacy
 * /r/<slug> has no program to name; it reads affiliate_links_link_idx across programs, on purpose (the
 * statement says so, for the program_id check).
 */
export async function programsWithSlug(em: EntityManager, slug: string): Promise<string[]> {
  const rows = await execute<{ program_id: string }[]>(
    em,
    'select /* all programs: the legacy /r/<slug> names no program */ program_id from affiliate_links where lower(link) = ? limit 2',
    [slug.toLowerCase()],
  );
  return rows.map((r) => r.program_id);
}

/** What a click needs of its program: where to send visitors and the key of its hashes (never shown). */
export async function clickSettings(em: EntityManager, programId: string): Promise<{ baseUrls: string[]; hashKey: string } | null> {
  const [row] = await execute<{ base_urls: string[]; click_hash_key: string }[]>(em, 'select base_urls, click_hash_key from programs where id = ?', [
    programId,
  ]);
  return row ? { baseUrls: row.base_urls, hashKey: row.click_hash_key } : null;
}

/** Holds (link, visitor) until commit: the look-then-insert of one visitor's clicks on one link takes turns. */
export async function lockVisitor(em: EntityManager, linkId: string, visitorHash: string): Promise<void> {
  await execute(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`click:${linkId}:${visitorHash}`]);
}

/** The visitor's latest click on the link since `since`, or null. */
export async function visitorClickSince(em: EntityManager, programId: string, linkId: string, visitorHash: string, since: Date): Promise<Click | null> {
  const rows = await detachedRows(
    em,
    Click,
    'select * from clicks where program_id = ? and link_id = ? and visitor_hash = ? and created_at > ? order by created_at desc limit 1',
    [programId, linkId, visitorHash, since],
  );
  return rows[0] ?? null;
}

/** The click with this id on the link, counted since `since`, or null (another link's, older, or none). */
export async function linkClickSince(em: EntityManager, programId: string, linkId: string, clickId: number, since: Date): Promise<Click | null> {
  const rows = await detachedRows(em, Click, 'select * from clicks where program_id = ? and id = ? and link_id = ? and created_at > ?', [
    programId,
    clickId,
    linkId,
    since,
  ]);
  return rows[0] ?? null;
}

/** A new click: one insert (program_id among its columns), nothing else of the unit of work. */
export async function insertClick(
  em: EntityManager,
  fields: Pick<Click, 'programId' | 'affiliateId' | 'linkId' | 'referrer' | 'userAgent' | 'ipHash' | 'addressHash' | 'visitorHash' | 'landingUrl'>,
): Promise<Click> {
  return insertEntity(em, Click, fields);
}

/** Counts a click on the link and on its affiliate. */
export async function bumpClickCounters(em: EntityManager, programId: string, linkId: string, affiliateId: string): Promise<void> {
  await execute(em, 'update affiliate_links set clicks = clicks + 1 where program_id = ? and id = ?', [programId, linkId]);
  await execute(em, 'update affiliates set number_of_clicks = number_of_clicks + 1 where program_id = ? and id = ?', [programId, affiliateId]);
}
