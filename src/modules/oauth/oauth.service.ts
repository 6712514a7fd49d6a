import { createHash } from 'node:crypto';
import { notFound } from '../../common/errors';
import { isUuid, randomToken, sha256 } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { TOKEN_PREFIX } from '../../identity/credentials';
import { toDetached } from '../../db/rows';
import { inTransaction, translated } from '../../db/unit-of-work';
import { findProgramById } from '../programs/program.finder';
import type { CredentialChanges } from '../../identity/credential-changes';
import type { ProgramService } from '../programs/program.service';
import { Program } from '../programs/program.entity';
import { OAuthToken } from './oauth-token.entity';
import {
  insertCode,
  insertToken,
  lockedCode,
  markCodeUsed,
  revokeConnectionRows,
  tokenInProgram,
  tokenOfOwner,
  tokensOf,
  tokenWithProgramByHash,
  touchToken,
} from './oauth.queries';

const CODE_TTL_MS = 10 * 60_000;
const LAST_USED_RESOLUTION_MS = 60_000;

export type ExchangeResult = { ok: true; accessToken: string } | { ok: false };

/** PKCE S256 (RFC 7636); codes are issued with S256 only, so any other stored method never matches. */
export function pkceMatches(verifier: string, challenge: string, method: string | null): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || method !== 'S256') return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/**
 * Authorization codes and partner tokens (spec section 5, RFC 6749 and RFC 9700). The token and authentication
 * steps run before there is an actor and take an anonymous context (anonymousContext).
 */
export class OAuthService {
  constructor(
    private readonly programs: ProgramService,
    private readonly credentials?: CredentialChanges,
  ) {}

  /** A single-use code (256 random bits, stored hashed, 10 minutes) bound to partner, redirect URI, user and program. */
  async issueCode(
    ctx: ServiceContext,
    args: { partner: string; userId: string; programId: string; redirectUri: string; codeChallenge?: string | null; codeChallengeMethod?: string | null },
  ): Promise<string> {
    const program = await findProgramById(ctx.em, args.programId);
    if (!program || program.ownerId !== args.userId) throw notFound('No such program');
    const code = randomToken(32);
    await translated(
      insertCode(ctx.em, {
        codeHash: sha256(code),
        programId: program.id,
        userId: args.userId,
        partner: args.partner,
        redirectUri: args.redirectUri,
        codeChallenge: args.codeChallenge ?? null,
        codeChallengeMethod: args.codeChallengeMethod ?? null,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      }),
    );
    return code;
  }

  /**
   * Trades a code for a token. Unknown, expired, used or mismatched (partner, redirect_uri, PKCE) codes are
   * refused alike. A second use of a code also revokes the token issued from it (RFC 6749 §4.1.2).
   */
  async exchangeCode(ctx: ServiceContext, args: { partner: string; code: string; redirectUri?: string; codeVerifier?: string }): Promise<ExchangeResult> {
    const codeHash = sha256(args.code);
    return inTransaction(ctx, async ({ em: tem }): Promise<ExchangeResult> => {
      const row = await lockedCode(tem, codeHash);
      if (!row) return { ok: false };
      if (row.used_at) {
        if (row.token_id) {
          await revokeConnectionRows(tem, row.program_id, row.token_id, new Date());
          // Here at once; on commit every process hears it through credentials_changed (and this one again).
          this.credentials?.invalidateProgram(row.program_id);
        }
        return { ok: false };
      }
      if (new Date(row.expires_at).getTime() <= Date.now() || row.partner !== args.partner) return { ok: false };
      if (args.redirectUri !== undefined && args.redirectUri !== row.redirect_uri) return { ok: false };
      if (row.code_challenge && (!args.codeVerifier || !pkceMatches(args.codeVerifier, row.code_challenge, row.code_challenge_method))) return { ok: false };
      // A verifier for a code issued without a challenge is a downgrade attempt (RFC 9700 §2.1.1).
      if (!row.code_challenge && args.codeVerifier !== undefined) return { ok: false };
      const accessToken = TOKEN_PREFIX.oauth + randomToken(32);
      const token = await insertToken(tem, {
        programId: row.program_id,
        userId: row.user_id,
        partner: row.partner,
        tokenHash: sha256(accessToken),
        prefix: accessToken.slice(0, 12),
      });
      await markCodeUsed(tem, row.program_id, codeHash, token.id);
      return { ok: true, accessToken };
    });
  }

  /** The live token for a presented bearer with its program, in one statement, or null. */
  async authenticate(ctx: ServiceContext, token: string): Promise<{ token: OAuthToken; program: Program } | null> {
    const { em } = ctx;
    const row = await tokenWithProgramByHash(em, sha256(token));
    if (!row) return null;
    const t = toDetached(em, OAuthToken, [row.token as Record<string, unknown>])[0];
    if (!t.lastUsedAt || Date.now() - t.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) await touchToken(em, t.programId, t.id, new Date());
    return { token: t, program: toDetached(em, Program, [row])[0] };
  }

  /** Connected apps of one of the user's programs. */
  async listConnections(ctx: ServiceContext, programId: string): Promise<OAuthToken[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return tokensOf(ctx.em, program.id);
  }

  /** A connection of the program, or null (for the pages, which act on one program). */
  async findConnection(ctx: ServiceContext, programId: string, id: string): Promise<OAuthToken | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    return isUuid(id) ? tokenInProgram(ctx.em, program.id, id) : null;
  }

  /** Revokes a connection: its token answers 401 from the next request on. */
  async revokeConnection(ctx: ServiceContext, id: string): Promise<OAuthToken> {
    const a = ctx.actor;
    // Looked up among the caller's programs only: another user's connection answers exactly like one that does not exist.
    const t = !isUuid(id)
      ? null
      : a.kind === 'session'
        ? await tokenOfOwner(ctx.em, a.userId, id)
        : a.kind === 'apiKey' || a.kind === 'oauth'
          ? await tokenInProgram(ctx.em, a.programId, id)
          : null;
    if (!t || !(await this.programs.ownsProgram(ctx, t.programId))) throw notFound('No such connection');
    if (!t.revokedAt) {
      const at = new Date();
      await inTransaction(ctx, (tx) => revokeConnectionRows(tx.em, t.programId, t.id, at));
      t.revokedAt = at;
      this.credentials?.invalidateProgram(t.programId);
    }
    return t;
  }
}
