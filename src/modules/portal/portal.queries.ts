import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';
import { insertEntity } from '../../db/rows';
import type { AffiliateStatus } from '../affiliates/affiliate.entity';
import { PortalSession } from './portal-session.entity';
import { PortalSignInToken } from './portal-sign-in-token.entity';
import type { SignInPurpose } from './portal.rules';

/** The SQL of portal sign-in links and sessions; every statement names the program. */

export function insertSignInToken(
  em: EntityManager,
  fields: { programId: string; affiliateId: string; tokenHash: string; purpose: SignInPurpose; expiresAt: Date },
): Promise<PortalSignInToken> {
  return insertEntity(em, PortalSignInToken, fields);
}

/** Emailed links the affiliate asked for since `since` (the hourly limit), used or not. */
export async function emailedLinksSince(em: EntityManager, programId: string, affiliateId: string, since: Date): Promise<number> {
  const rows = await execute<Array<{ n: number }>>(
    em,
    `select count(*)::int as n from portal_sign_in_tokens where program_id = ? and affiliate_id = ? and purpose = 'email' and created_at > ?`,
    [programId, affiliateId, since],
  );
  return rows[0].n;
}

/** Links of the affiliate that can no longer count or work (a day old): kept out of the table as new ones come. */
export async function deleteOldSignInTokens(em: EntityManager, programId: string, affiliateId: string): Promise<void> {
  await execute(em, `delete from portal_sign_in_tokens where program_id = ? and affiliate_id = ? and created_at < now() - interval '1 day'`, [
    programId,
    affiliateId,
  ]);
}

/** A live, unused link's purpose and affiliate, without using it (the page that asks before signing in). */
export async function peekSignInToken(em: EntityManager, programId: string, hash: string): Promise<{ affiliateId: string; purpose: SignInPurpose } | null> {
  const rows = await execute<Array<{ affiliate_id: string; purpose: SignInPurpose }>>(
    em,
    `select affiliate_id, purpose from portal_sign_in_tokens where program_id = ? and token_hash = ? and used_at is null and expires_at > now()`,
    [programId, hash],
  );
  return rows[0] ? { affiliateId: rows[0].affiliate_id, purpose: rows[0].purpose } : null;
}

/**
 * Uses a live link: one statement marks it used, so of two concurrent uses only one gets the affiliate back.
 * Null when the link is unknown, expired or used.
 */
export async function useSignInToken(em: EntityManager, programId: string, hash: string): Promise<{ affiliateId: string; status: AffiliateStatus } | null> {
  const rows = await execute<Array<{ affiliate_id: string; affiliate_status: AffiliateStatus }>>(
    em,
    `update portal_sign_in_tokens t set used_at = now()
       from affiliates a
      where t.program_id = ? and t.token_hash = ? and t.used_at is null and t.expires_at > now()
        and a.program_id = t.program_id and a.id = t.affiliate_id
      returning t.affiliate_id, a.affiliate_status`,
    [programId, hash],
  );
  return rows[0] ? { affiliateId: rows[0].affiliate_id, status: rows[0].affiliate_status } : null;
}

export function insertPortalSession(
  em: EntityManager,
  fields: { programId: string; affiliateId: string; tokenHash: string; expiresAt: Date },
): Promise<PortalSession> {
  return insertEntity(em, PortalSession, fields);
}

/** A live session, its affiliate's status and name (the pages' header); null when unknown or expired (a deleted affiliate's sessions are gone with it). */
export async function liveSession(
  em: EntityManager,
  programId: string,
  hash: string,
): Promise<{ id: string; affiliateId: string; expiresAt: Date; status: AffiliateStatus; name: string } | null> {
  const rows = await execute<Array<{ id: string; affiliate_id: string; expires_at: Date; affiliate_status: AffiliateStatus; name: string }>>(
    em,
    `select s.id, s.affiliate_id, s.expires_at, a.affiliate_status, a.first_name || ' ' || a.last_name as name
       from portal_sessions s join affiliates a on a.program_id = s.program_id and a.id = s.affiliate_id
      where s.program_id = ? and s.token_hash = ? and s.expires_at > now()`,
    [programId, hash],
  );
  const r = rows[0];
  return r ? { id: r.id, affiliateId: r.affiliate_id, expiresAt: new Date(r.expires_at), status: r.affiliate_status, name: r.name } : null;
}

export async function deletePortalSession(em: EntityManager, programId: string, hash: string): Promise<void> {
  await execute(em, 'delete from portal_sessions where program_id = ? and token_hash = ?', [programId, hash]);
}

/** Links of one affiliate take turns until commit: the hourly count and the insert after it see each other. */
export async function lockAffiliateLinks(em: EntityManager, programId: string, affiliateId: string): Promise<void> {
  await execute(em, 'select pg_advisory_xact_lock(hashtext(?))', [`portal-links:${programId}:${affiliateId}`]);
}

/**
 * Keeps the affiliate's newest `keep` live sessions and ends the rest, and any expired: a merchant's app that
 * opens the portal on every page view makes a session each time.
 */
export async function pruneSessions(em: EntityManager, programId: string, affiliateId: string, keep: number): Promise<void> {
  await execute(
    em,
    `delete from portal_sessions where program_id = ? and affiliate_id = ? and (expires_at <= now() or id not in (
       select id from portal_sessions where program_id = ? and affiliate_id = ? and expires_at > now() order by created_at desc, id desc limit ?))`,
    [programId, affiliateId, programId, affiliateId, keep],
  );
}
