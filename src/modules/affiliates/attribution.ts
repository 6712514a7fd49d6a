import type { EntityManager } from '@mikro-orm/postgresql';
import { isClickId, isUuid } from '../../common/ids';
import { toManaged } from '../../db/rows';
import { Affiliate } from './affiliate.entity';
import { SLUG_RE } from './affiliate.finder';

/** Who gets the credit, and through which link and click, for a referral or a sale. */
export interface Attribution {
  affiliate: Affiliate;
  linkId: string | null;
  clickId: number | null;
}

/**
 * Resolves an identifier the spec accepts for an affiliate (UUID, link slug, numeric click id) to the
 * affiliate and, where the identifier says so, the link and click; otherwise the affiliate's first link.
 */
export async function attributeTo(em: EntityManager, programId: string, value: string): Promise<Attribution | null> {
  const v = value.trim();
  if (isUuid(v)) {
    const row = await first(em, `select a.*, ${FIRST_LINK} as attributed_link_id, null as attributed_click_id from affiliates a where a.program_id = ? and a.id = ?`, [programId, v]);
    if (row) return attribution(em, row);
  }
  if (isClickId(v)) {
    const row = await first(
      em,
      `select a.*, c.link_id as attributed_link_id, c.id as attributed_click_id from clicks c join affiliates a on a.program_id = c.program_id and a.id = c.affiliate_id
        where c.program_id = ? and c.id = ?`,
      [programId, Number(v)],
    );
    if (row) return attribution(em, row);
  }
  if (!SLUG_RE.test(v)) return null;
  const row = await first(
    em,
    `select a.*, l.id as attributed_link_id, null as attributed_click_id from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
      where l.program_id = ? and lower(l.link) = ?`,
    [programId, v.toLowerCase()],
  );
  return row ? attribution(em, row) : null;
}

export async function attributeToAffiliate(em: EntityManager, programId: string, affiliate: Affiliate): Promise<Attribution> {
  const row = await first(em, 'select id from affiliate_links where program_id = ? and affiliate_id = ? order by id limit 1', [programId, affiliate.id]);
  return { affiliate, linkId: (row?.id as string | undefined) ?? null, clickId: null };
}

/** The affiliate's first link (links are time-ordered ids). */
const FIRST_LINK = '(select l.id from affiliate_links l where l.program_id = a.program_id and l.affiliate_id = a.id order by l.id limit 1)';

type Row = Record<string, unknown>;

async function first(em: EntityManager, sql: string, params: unknown[]): Promise<Row | null> {
  const rows = await em.execute<Row[]>(sql, params);
  return rows[0] ?? null;
}

function attribution(em: EntityManager, row: Row): Attribution {
  return {
    affiliate: toManaged(em, Affiliate, row),
    linkId: (row.attributed_link_id as string | null) ?? null,
    clickId: row.attributed_click_id == null ? null : Number(row.attributed_click_id),
  };
}
