import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../common/errors';
import { isUuid, randomToken, sha256 } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { TOKEN_PREFIX } from '../../auth/credentials';
import type { ProgramService } from '../programs/program.service';
import { Program } from '../programs/program.entity';
import { OAuthToken } from './oauth-token.entity';
import { toDetached } from '../../db/rows';

const CODE_TTL_MS = 10 * 60_000;
const LAST_USED_RESOLUTION_MS = 60_000;

export type ExchangeResult = { ok: true; accessToken: string } | { ok: false };

/** PKCE S256 (RFC 7636); codes are issued with S256 only, so any other stored method never matches. */
export function pkceMatches(verifier: string, challenge: string, method: string | null): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || method !== 'S256') return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** Authorization codes and partner tokens (spec section 5, RFC 6749 and RFC 9700). */
export class OAuthService {
  constructor(private readonly programs: ProgramService) {}

  /** A single-use code (256 random bits, stored hashed, 10 minutes) bound to partner, redirect URI, user and program. */
  async issueCode(em: EntityManager, args: { partner: string; userId: string; programId: string; redirectUri: string; codeChallenge?: string | null; codeChallengeMethod?: string | null }): Promise<string> {
    const program = await em.findOne(Program, { id: args.programId });
    if (!program || program.ownerId !== args.userId) throw notFound('No such program');
    const code = randomToken(32);
    await em.execute(
      `insert into oauth_codes (code_hash, program_id, user_id, partner, redirect_uri, code_challenge, code_challenge_method, expires_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [sha256(code), program.id, args.userId, args.partner, args.redirectUri, args.codeChallenge ?? null, args.codeChallengeMethod ?? null, new Date(Date.now() + CODE_TTL_MS)],
    );
    return code;
  }

  /**
   * Trades a code for a token. Unknown, expired, used or mismatched (partner, redirect_uri, PKCE) codes are
   * refused alike. A second use of a code also revokes the token issued from it (RFC 6749 §4.1.2).
   */
  async exchangeCode(em: EntityManager, args: { partner: string; code: string; redirectUri?: string; codeVerifier?: string }): Promise<ExchangeResult> {
    return em.transactional(async (tem) => {
      const [row] = await tem.execute<Array<{ program_id: string; user_id: string; partner: string; redirect_uri: string; code_challenge: string | null; code_challenge_method: string | null; expires_at: Date; used_at: Date | null; token_id: string | null }>>(
        'select * from oauth_codes where code_hash = ? for update',
        [sha256(args.code)],
      );
      if (!row) return { ok: false };
      if (row.used_at) {
        if (row.token_id) await tem.execute('update oauth_tokens set revoked_at = coalesce(revoked_at, now()) where id = ?', [row.token_id]);
        return { ok: false };
      }
      if (new Date(row.expires_at).getTime() <= Date.now() || row.partner !== args.partner) return { ok: false };
      if (args.redirectUri !== undefined && args.redirectUri !== row.redirect_uri) return { ok: false };
      if (row.code_challenge && (!args.codeVerifier || !pkceMatches(args.codeVerifier, row.code_challenge, row.code_challenge_method))) return { ok: false };
      // A verifier for a code issued without a challenge is a downgrade attempt (RFC 9700 §2.1.1).
      if (!row.code_challenge && args.codeVerifier !== undefined) return { ok: false };
      const accessToken = TOKEN_PREFIX.oauth + randomToken(32);
      const token = tem.create(OAuthToken, { programId: row.program_id, userId: row.user_id, partner: row.partner, tokenHash: sha256(accessToken), prefix: accessToken.slice(0, 12) });
      tem.persist(token);
      await tem.flush();
      await tem.execute('update oauth_codes set used_at = now(), token_id = ? where code_hash = ?', [token.id, sha256(args.code)]);
      return { ok: true, accessToken };
    });
  }

  /** The live token for a presented bearer with its program, in one statement, or null. */
  async authenticate(em: EntityManager, token: string): Promise<{ token: OAuthToken; program: Program } | null> {
    const rows = await em.execute<Array<Record<string, unknown>>>(
      `select to_jsonb(t) as token, p.* from oauth_tokens t join programs p on p.id = t.program_id where t.token_hash = ? and t.revoked_at is null`,
      [sha256(token)],
    );
    if (!rows.length) return null;
    const t = toDetached(em, OAuthToken, [rows[0].token as Record<string, unknown>])[0];
    if (!t.lastUsedAt || Date.now() - t.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await em.execute('update oauth_tokens set last_used_at = ? where id = ?', [new Date(), t.id]);
    }
    return { token: t, program: toDetached(em, Program, [rows[0]])[0] };
  }

  /** Connected apps of one of the user's programs. */
  async listConnections(ctx: ServiceContext, programId: string): Promise<OAuthToken[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(OAuthToken, { programId: program.id }, { orderBy: { id: 'desc' } });
  }

  /** Revokes a connection: its token answers 401 from the next request on. */
  async revokeConnection(ctx: ServiceContext, id: string): Promise<OAuthToken> {
    const t = isUuid(id) ? await ctx.em.findOne(OAuthToken, { id }) : null;
    // Another user's connection answers exactly like one that does not exist.
    if (!t || !(await this.programs.ownsProgram(ctx, t.programId))) throw notFound('No such connection');
    if (!t.revokedAt) {
      t.revokedAt = new Date();
      await ctx.em.flush();
    }
    return t;
  }
}
