import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, validationError } from '../../common/errors';
import { sessionUserId } from '../../auth/actor';
import { isUuid, randomToken, sha256 } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { TOKEN_PREFIX } from '../../auth/credentials';
import type { ProgramService } from '../programs/program.service';
import { ApiKey } from './api-key.entity';
import { Program } from '../programs/program.entity';
import { toDetached } from '../../db/rows';

// Writing last_used_at on every request would turn each read into a write; once a minute is enough to show use.
const LAST_USED_RESOLUTION_MS = 60_000;

/** API keys: created by a dashboard user, shown once, stored as a SHA-256 hash with a visible prefix. */
export class ApiKeyService {
  constructor(private readonly programs: ProgramService) {}

  /** Creates a key for one of the signed-in user's programs; the plain key is returned this once. */
  async createApiKey(ctx: ServiceContext, programId: string, name: string): Promise<{ key: string; apiKey: ApiKey }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const label = name?.trim();
    if (!label) throw validationError('name is required', 'name');
    if (label.length > 200) throw validationError('name is too long', 'name');
    return this.issue(ctx.em, program.id, label, sessionUserId(ctx));
  }

  /** Issues a key without an actor check: for the CLI and first-run provisioning. */
  async issue(em: EntityManager, programId: string, name: string, createdById: string | null): Promise<{ key: string; apiKey: ApiKey }> {
    const key = TOKEN_PREFIX.apiKey + randomToken(32);
    const apiKey = em.create(ApiKey, { programId, name, prefix: key.slice(0, 12), keyHash: sha256(key), createdById });
    await em.persistAndFlush(apiKey);
    return { key, apiKey };
  }

  async listApiKeys(ctx: ServiceContext, programId: string): Promise<ApiKey[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(ApiKey, { programId: program.id }, { orderBy: { id: 'asc' } });
  }

  /** Revokes a key at once; a revoked key answers 401. Revoking twice is harmless. */
  async revokeApiKey(ctx: ServiceContext, id: string): Promise<ApiKey> {
    const apiKey = isUuid(id) ? await ctx.em.findOne(ApiKey, { id }) : null;
    // Another user's key answers exactly like a key that does not exist.
    if (!apiKey || !(await this.programs.ownsProgram(ctx, apiKey.programId))) throw notFound('No such API key');
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = new Date();
      await ctx.em.flush();
    }
    return apiKey;
  }

  /**
   * The live key for a presented token with its program, in one statement (the hottest query of the API), or
   * null (unknown or revoked: a revocation answers 401 from the next request on).
   */
  async authenticate(em: EntityManager, token: string): Promise<{ keyId: string; program: Program } | null> {
    const rows = await em.execute<Array<Record<string, unknown>>>(
      `select k.id as key_id, k.last_used_at as key_last_used_at, p.* from api_keys k join programs p on p.id = k.program_id
        where k.key_hash = ? and k.revoked_at is null`,
      [sha256(token)],
    );
    if (!rows.length) return null;
    const row = rows[0];
    const keyId = row.key_id as string;
    const lastUsed = row.key_last_used_at == null ? 0 : new Date(row.key_last_used_at as string).getTime();
    const now = Date.now();
    if (now - lastUsed > LAST_USED_RESOLUTION_MS) await em.execute('update api_keys set last_used_at = ? where id = ?', [new Date(now), keyId]);
    return { keyId, program: toDetached(em, Program, [row])[0] };
  }
}
