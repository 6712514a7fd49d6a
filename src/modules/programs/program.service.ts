import { DomainError, forbidden, notFound, unauthenticated } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { sessionUserId } from '../../auth/actor';
import type { ServiceContext } from '../../common/service-context';
import { Program } from './program.entity';
import { normalizeProgramSettings, type ProgramSettingsInput } from './program.rules';

/** Programs (tenants) and the tenancy rule every other service relies on. */
export class ProgramService {
  /**
   * The program this call acts on. API keys and OAuth tokens are bound to theirs (naming another is FORBIDDEN);
   * a dashboard session must name one of its user's programs.
   */
  async requireProgram(ctx: ServiceContext, programId?: string | null): Promise<Program> {
    const a = ctx.actor;
    let id: string;
    if (a.kind === 'apiKey' || a.kind === 'oauth') {
      if (programId && programId !== a.programId) throw forbidden('This credential belongs to another program');
      id = a.programId;
    } else if (a.kind === 'session') {
      if (!programId) throw new DomainError('VALIDATION_FAILED', 'programId is required when signed in as a dashboard user', [{ field: 'programId', message: 'required' }]);
      if (!isUuid(programId)) throw notFound('No such program');
      id = programId;
    } else {
      throw unauthenticated();
    }
    const cached = ctx.programs.get(id);
    if (cached) return cached;
    // A key or token brought its program along (read in the same statement): a managed copy for this unit of
    // work, the snapshot itself stays read-only (a streamed list runs several units of work on one actor).
    const program = a.kind === 'session' ? await ctx.em.findOne(Program, { id }) : ctx.em.merge(Program, { ...a.program });
    if (!program || (a.kind === 'session' && program.ownerId !== a.userId)) throw notFound('No such program');
    ctx.programs.set(id, program);
    return program;
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
    const program = ctx.em.create(Program, { ownerId: sessionUserId(ctx), ...(normalizeProgramSettings(input, true) as { name: string }) });
    await ctx.em.persistAndFlush(program);
    return program;
  }

  /** Updates settings of one of the user's programs. */
  async updateProgram(ctx: ServiceContext, id: string, input: ProgramSettingsInput): Promise<Program> {
    const program = await this.requireProgram(ctx, id);
    ctx.em.assign(program, normalizeProgramSettings(input, false));
    await ctx.em.flush();
    return program;
  }

  /** The signed-in user's programs, oldest first; for an API key, its own program. */
  async listPrograms(ctx: ServiceContext): Promise<Program[]> {
    const a = ctx.actor;
    if (a.kind === 'session') return ctx.em.find(Program, { ownerId: a.userId }, { orderBy: { id: 'asc' } });
    if (a.kind === 'apiKey' || a.kind === 'oauth') return [await this.requireProgram(ctx)];
    throw unauthenticated();
  }
}
