import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { OAuthToken } from './oauth-token.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of OAuth codes and partner tokens. A code or token presented by a partner is looked up by its hash
 * alone (it is how the program is found); every statement after that names the program.
 */

export interface CodeRow {
  program_id: string;
  user_id: string;
  partner: string;
  redirect_uri: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_at: Date;
  used_at: Date | null;
  token_id: string | null;
}

export async function insertCode(
  em: EntityManager,
  c: {
    codeHash: string;
    programId: string;
    userId: string;
    partner: string;
    redirectUri: string;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await execute(
    em,
    `insert into oauth_codes (code_hash, program_id, user_id, partner, redirect_uri, code_challenge, code_challenge_method, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [c.codeHash, c.programId, c.userId, c.partner, c.redirectUri, c.codeChallenge, c.codeChallengeMethod, c.expiresAt],
  );
}

/** The code with a hash, locked until commit (concurrent redemptions take turns); a presented code is how its program is found. */
export async function lockedCode(em: EntityManager, codeHash: string): Promise<CodeRow | null> {
  const sql = 'select /* all programs: a presented code is how its program is found */ * from oauth_codes where code_hash = ? for update';
  return (await execute<CodeRow[]>(em, sql, [codeHash]))[0] ?? null;
}

export async function markCodeUsed(em: EntityManager, programId: string, codeHash: string, tokenId: string): Promise<void> {
  await execute(em, 'update oauth_codes set used_at = now(), token_id = ? where program_id = ? and code_hash = ?', [tokenId, programId, codeHash]);
}

/**
 * Holds the connection's token row until commit when it is still live: a subscription made in the same
 * transaction then cannot outlive a revocation that runs meanwhile (the revocation's update waits for it,
 * and its delete then sees the subscription). False when the connection is revoked.
 */
export async function lockLiveConnection(em: EntityManager, programId: string, id: string): Promise<boolean> {
  const rows = await execute<unknown[]>(em, 'select 1 from oauth_tokens where program_id = ? and id = ? and revoked_at is null for share', [programId, id]);
  return rows.length > 0;
}

/** The live token with a hash as JSON (`token`) beside its program's columns. */
export async function tokenWithProgramByHash(em: EntityManager, tokenHash: string): Promise<Record<string, unknown> | null> {
  const rows = await execute<Array<Record<string, unknown>>>(
    em,
    `select /* all programs: a presented token is how its program is found */ to_jsonb(t) as token, p.*
       from oauth_tokens t join programs p on p.id = t.program_id where t.token_hash = ? and t.revoked_at is null`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function touchToken(em: EntityManager, programId: string, id: string, at: Date): Promise<void> {
  await execute(em, 'update oauth_tokens set last_used_at = ? where program_id = ? and id = ?', [at, programId, id]);
}

/** The program's connections, newest first; read-only. */
export function tokensOf(em: EntityManager, programId: string): Promise<OAuthToken[]> {
  return detachedRows(em, OAuthToken, 'select * from oauth_tokens where program_id = ? order by id desc', [programId]);
}

/** A new token (one insert, program_id among its columns). */
export async function insertToken(
  em: EntityManager,
  fields: Pick<OAuthToken, 'programId' | 'userId' | 'partner' | 'tokenHash' | 'prefix'>,
): Promise<OAuthToken> {
  return insertEntity(em, OAuthToken, fields);
}

export async function tokenInProgram(em: EntityManager, programId: string, id: string): Promise<OAuthToken | null> {
  return (await detachedRows(em, OAuthToken, 'select * from oauth_tokens where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** A token of any of the user's programs. */
export async function tokenOfOwner(em: EntityManager, ownerId: string, id: string): Promise<OAuthToken | null> {
  const rows = await detachedRows(em, OAuthToken, 'select * from oauth_tokens where program_id in (select id from programs where owner_id = ?) and id = ?', [
    ownerId,
    id,
  ]);
  return rows[0] ?? null;
}

/**
 * Revokes the token (keeping the first revocation time) and deletes the webhook subscriptions its partner made
 * (REST hooks), in the caller's transaction. The token's row is locked first and the subscriptions deleted by
 * a later statement: a subscription committed by a transaction that held the row (lockLiveConnection) is
 * then seen and deleted too, so none outlives the revocation.
 */
export async function revokeConnectionRows(em: EntityManager, programId: string, id: string, at: Date): Promise<void> {
  await execute(em, 'select 1 from oauth_tokens where program_id = ? and id = ? for update', [programId, id]);
  await execute(em, 'delete from webhook_endpoints where program_id = ? and connection_id = ?', [programId, id]);
  await execute(em, 'update oauth_tokens set revoked_at = coalesce(revoked_at, ?) where program_id = ? and id = ?', [at, programId, id]);
}
