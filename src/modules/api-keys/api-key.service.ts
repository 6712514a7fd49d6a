import { notFound, validationError } from '../../common/errors';
import { sessionUserId } from '../../identity/actor';
import { isUuid, randomToken, sha256 } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { TOKEN_PREFIX } from '../../identity/credentials';
import { toDetached } from '../../db/rows';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ProgramService } from '../programs/program.service';
import { Program } from '../programs/program.entity';
import type { ApiKey } from './api-key.entity';
import type { CredentialChanges } from '../../identity/credential-changes';
import { apiKeyInProgram, apiKeyOfOwner, apiKeysOf, apiKeyWithProgramByHash, insertApiKey, revokeApiKeyRow, touchApiKey } from './api-key.queries';

// Writing last_used_at on every request would turn each read into a write; once a minute is enough to show use.
const LAST_USED_RESOLUTION_MS = 60_000;

/** API keys: created by a dashboard user, shown once, stored as a SHA-256 hash with a visible prefix. */
export class ApiKeyService {
  constructor(
    private readonly programs: ProgramService,
    private readonly credentials?: CredentialChanges,
  ) {}

  /** Creates a key for one of the signed-in user's programs; the plain key is returned this once. */
  async createApiKey(ctx: ServiceContext, programId: string, name: string): Promise<{ key: string; apiKey: ApiKey }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const label = name?.trim();
    if (!label) throw validationError('name is required', 'name');
    if (label.length > 200) throw validationError('name is too long', 'name');
    return this.issue(ctx, program.id, label, sessionUserId(ctx));
  }

  /** Issues a key without an actor check: for createApiKey and first-run provisioning (the demo, the benchmark's seed). */
  async issue(ctx: ServiceContext, programId: string, name: string, createdById: string | null): Promise<{ key: string; apiKey: ApiKey }> {
    const key = TOKEN_PREFIX.apiKey + randomToken(32);
    const apiKey = await inTransaction(ctx, (tx) => insertApiKey(tx.em, { programId, name, prefix: key.slice(0, 12), keyHash: sha256(key), createdById }));
    return { key, apiKey };
  }

  async listApiKeys(ctx: ServiceContext, programId: string): Promise<ApiKey[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return apiKeysOf(ctx.em, program.id);
  }

  /** A key of the program, or null (for the pages, which act on one program). */
  async findApiKey(ctx: ServiceContext, programId: string, id: string): Promise<ApiKey | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    return isUuid(id) ? apiKeyInProgram(ctx.em, program.id, id) : null;
  }

  /** Revokes a key at once; a revoked key answers 401. Revoking twice is harmless. */
  async revokeApiKey(ctx: ServiceContext, id: string): Promise<ApiKey> {
    const a = ctx.actor;
    // Looked up among the caller's programs only: another user's key answers exactly like a key that does not exist.
    const apiKey = !isUuid(id)
      ? null
      : a.kind === 'session'
        ? await apiKeyOfOwner(ctx.em, a.userId, id)
        : a.kind === 'apiKey' || a.kind === 'oauth'
          ? await apiKeyInProgram(ctx.em, a.programId, id)
          : null;
    if (!apiKey || !(await this.programs.ownsProgram(ctx, apiKey.programId))) throw notFound('No such API key');
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = new Date();
      await translated(revokeApiKeyRow(ctx.em, apiKey.programId, apiKey.id, apiKey.revokedAt));
      // This process refuses it from the next request on; the others hear of it through credentials_changed.
      this.credentials?.invalidateProgram(apiKey.programId);
    }
    return apiKey;
  }

  /**
   * The live key for a presented token with its program, in one statement (the hottest query of the API), or
   * null (unknown or revoked: a revocation answers 401 from the next request on).
   */
  async authenticate(ctx: ServiceContext, token: string): Promise<{ keyId: string; program: Program } | null> {
    const { em } = ctx;
    const row = await apiKeyWithProgramByHash(em, sha256(token));
    if (!row) return null;
    const keyId = row.key_id as string;
    const program = toDetached(em, Program, [row])[0];
    const lastUsed = row.key_last_used_at == null ? 0 : new Date(row.key_last_used_at as string).getTime();
    const now = Date.now();
    if (now - lastUsed > LAST_USED_RESOLUTION_MS) await touchApiKey(em, program.id, keyId, new Date(now));
    return { keyId, program };
  }
}
