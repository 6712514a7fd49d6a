import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config';
import type { Logger } from '../common/logger';
import { openDatabase, type EmbeddedDatabase } from '../db/embedded-postgres';
import { initOrm } from '../db/orm';
import { findProgramById } from '../modules/programs/program.finder';
import { anonymousContext, type ServiceContext } from '../modules/service-context';
import { createServices, type Services } from '../modules/services';

/** What a command that reads or writes the database works with: one unit of work, acting as no one or as an owner. */
export interface CliSession {
  config: AppConfig;
  log: Logger;
  orm: MikroORM;
  services: Services;
  em: EntityManager;
  /** No caller: sign-up and look-ups. */
  nobody: ServiceContext;
  /** Acting as the user with this email (a session of theirs). */
  asUser(email: string): Promise<ServiceContext>;
  /** Acting as the owner of this program. */
  programOwnerCtx(programId: string): Promise<ServiceContext>;
  /** Closes the ORM, then stops the embedded database if this session started it. */
  close(): Promise<void>;
}

/** Opens the database (DATABASE_URL, else the embedded one, shared with a running server) for one command. */
export async function openCliSession(config: AppConfig, log: Logger): Promise<CliSession> {
  const { url, embedded } = await openDatabase(config, log);
  const orm = await initOrm(url, log);
  const services = createServices(config, log);
  const em = orm.em.fork();
  const nobody = anonymousContext(em, log, 'cli');
  const asUser = async (email: string): Promise<ServiceContext> => {
    const user = await services.users.findByEmail(nobody, email);
    if (!user) throw new Error(`no user with email ${email}`);
    return { em, actor: { kind: 'session', credentialId: 'cli', userId: user.id }, requestId: 'cli', log, programs: new Map() };
  };
  const programOwnerCtx = async (programId: string): Promise<ServiceContext> => {
    const p = await findProgramById(em, programId);
    if (!p) throw new Error(`no program ${programId}`);
    return { em, actor: { kind: 'session', credentialId: 'cli', userId: p.ownerId }, requestId: 'cli', log, programs: new Map() };
  };
  return { config, log, orm, services, em, nobody, asUser, programOwnerCtx, close: () => closeSession(orm, embedded) };
}

async function closeSession(orm: MikroORM, embedded: EmbeddedDatabase | undefined): Promise<void> {
  await orm.close(true);
  await embedded?.stop();
}
