import { DomainError, forbidden, notFound, unauthenticated } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { isProgramBound, sessionUserId } from '../../identity/actor';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import type { Program } from './program.entity';
import type { CredentialChanges } from '../../identity/credential-changes';
import {
  insertProgram,
  programById,
  programByPublishableKey,
  programsOwnedBy,
  replacePublishableKey,
  updateProgramRow,
  type ProgramChanges,
} from './program.queries';
import { isDuplicate } from '../../db/db-errors';
import { randomInt } from 'node:crypto';
import { newPublishableKey, normalizeProgramSettings, portalSlugFromName, type ProgramSettingsInput } from './program.rules';

const PORTAL_SLUG_KEY = 'programs_portal_slug_key';
const PORTAL_SLUG_ATTEMPTS = 8;

/** Programs (tenants) and the tenancy rule every other service relies on. */
export class ProgramService {
  /** `credentials`: the cached API keys and tokens, which carry their program's settings. */
  constructor(private readonly credentials?: CredentialChanges) {}

  /**
   * The program this call acts on. API keys, OAuth tokens and publishable keys are bound to theirs (naming
   * another is FORBIDDEN); a dashboard session must name one of its user's programs.
   */
  async requireProgram(ctx: ServiceContext, programId?: string | null): Promise<Program> {
    const a = ctx.actor;
    let id: string;
    if (isProgramBound(a)) {
      if (programId && programId !== a.programId) throw forbidden('This credential belongs to another program');
      id = a.programId;
    } else if (a.kind === 'session') {
      if (!programId)
        throw new DomainError('VALIDATION_FAILED', 'programId is required when signed in as a dashboard user', [{ field: 'programId', message: 'required' }]);
      if (!isUuid(programId)) throw notFound('No such program');
      id = programId;
    } else {
      throw unauthenticated();
    }
    const cached = ctx.programs.get(id);
    if (cached) return cached;
    // A key or token brought its program along (read in the same statement). Programs are read-only everywhere
    // (a change is updateProgram's statement), so the snapshot is used as it is.
    const program = isProgramBound(a) ? a.program : await programById(ctx.em, id);
    if (!program || (a.kind === 'session' && program.ownerId !== a.userId)) throw notFound('No such program');
    ctx.programs.set(id, program);
    return program;
  }

  /**
   * The program of a record this call already reached, for reading: the request's (requireProgram caches it)
   * or the credential's without waiting, else loaded once. Plain when known: GraphQL field resolvers return
   * plain values when they can (a promise per field sends execution down its slow path for every row).
   */
  programOf(ctx: ServiceContext, programId: string): Program | Promise<Program> {
    const a = ctx.actor;
    const known = ctx.programs.get(programId) ?? (isProgramBound(a) && a.program.id === programId ? a.program : undefined);
    if (known) return known;
    return programById(ctx.em, programId).then((p) => {
      if (!p) throw notFound('No such program');
      ctx.programs.set(programId, p);
      return p;
    });
  }

  /** Whether this call may act on the program (requireProgram would succeed), without saying why not. */
  async ownsProgram(ctx: ServiceContext, programId: string): Promise<boolean> {
    try {
      await this.requireProgram(ctx, programId);
      return true;
    } catch (err) {
      if (err instanceof DomainError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return false;
      throw err;
    }
  }

  /** Creates a program owned by the signed-in user. */
  async createProgram(ctx: ServiceContext, input: ProgramSettingsInput): Promise<Program> {
    const settings = { ownerId: sessionUserId(ctx), ...(normalizeProgramSettings(input, true) as { name: string; portalSlug?: string }) };
    if (settings.portalSlug) return translated(inTransaction(ctx, ({ em }) => insertProgram(em, settings as typeof settings & { portalSlug: string })));
    // A portal slug made from the name; when another program has it, the name numbered (2, 3, …), then a random number.
    const base = portalSlugFromName(settings.name);
    for (let attempt = 1; ; attempt++) {
      const portalSlug = attempt === 1 ? base : `${base}-${attempt <= 4 ? attempt : randomInt(1000, 1_000_000)}`;
      try {
        return await inTransaction(ctx, ({ em }) => insertProgram(em, { ...settings, portalSlug }));
      } catch (err) {
        if (attempt < PORTAL_SLUG_ATTEMPTS && isDuplicate(err, PORTAL_SLUG_KEY)) continue;
        throw err;
      }
    }
  }

  /** Updates settings of one of the user's programs; only settings that differ are written (none: no statement). */
  async updateProgram(ctx: ServiceContext, id: string, input: ProgramSettingsInput): Promise<Program> {
    const program = await this.requireProgram(ctx, id);
    const settings = normalizeProgramSettings(input, false) as ProgramChanges;
    const same = (a: unknown, b: unknown) => (Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b);
    const changed = Object.fromEntries(Object.entries(settings).filter(([k, v]) => !same(program[k as keyof ProgramChanges], v))) as ProgramChanges;
    if (!Object.keys(changed).length) return program;
    const updated = await translated(updateProgramRow(ctx.em, program.id, changed, new Date()));
    if (!updated) throw notFound('No such program');
    // Its keys and tokens carry the old settings (rate limits among them): read again from the next request on.
    this.credentials?.invalidateProgram(program.id);
    ctx.programs.set(updated.id, updated);
    return updated;
  }

  /**
   * Gives one of the user's programs a new publishable key; the old one records nothing from then on (the
   * merchant pastes the new script tag). Programs keep one key at a time: it is public, so there is nothing to
   * phase out gently, and a key copied to another site stops at once.
   */
  async rotatePublishableKey(ctx: ServiceContext, id: string): Promise<Program> {
    const program = await this.requireProgram(ctx, id);
    const updated = await translated(replacePublishableKey(ctx.em, program.id, newPublishableKey(), new Date()));
    if (!updated) throw notFound('No such program');
    // Cached API keys carry the program as it was (its publishable key among its settings).
    this.credentials?.invalidateProgram(program.id);
    ctx.programs.set(updated.id, updated);
    return updated;
  }

  /** The program whose publishable key this is, or null: how the tracker's calls find their program (src/auth/authenticate.ts). */
  findByPublishableKey(ctx: ServiceContext, key: string): Promise<Program | null> {
    return programByPublishableKey(ctx.em, key);
  }

  /** The signed-in user's programs, oldest first; for an API key, its own program. */
  async listPrograms(ctx: ServiceContext): Promise<Program[]> {
    const a = ctx.actor;
    if (a.kind === 'session') return programsOwnedBy(ctx.em, a.userId);
    if (a.kind === 'apiKey' || a.kind === 'oauth') return [await this.requireProgram(ctx)];
    throw unauthenticated();
  }
}
