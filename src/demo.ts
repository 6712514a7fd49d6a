import type { MikroORM } from '@mikro-orm/postgresql';
import { randomToken } from './common/ids';
import { userCount } from './modules/users/user.queries';
import type { Services } from './modules/services';
import { anonymousContext, type ServiceContext } from './modules/service-context';
import type { Logger } from './common/logger';

export interface DemoCredentials {
  email: string;
  password: string;
  programId: string;
  apiKey: string;
  /** The program's publishable key, for tracker.js on a page. */
  publishableKey: string;
}

/** On a database without users: a demo user, program and API key, so a fresh `npm start` can be tried at once. */
export async function provisionDemo(orm: MikroORM, services: Services, log: Logger, publicUrl: string): Promise<DemoCredentials | null> {
  const em = orm.em.fork();
  if ((await userCount(em)) > 0) return null;
  const password = randomToken(12);
  const email = 'demo@example.com';
  const { user } = await services.users.signUp(anonymousContext(em, log, 'demo'), { email, password, name: 'Demo User' });
  const ctx: ServiceContext = { em, actor: { kind: 'session', credentialId: 'demo', userId: user.id }, requestId: 'demo', log, programs: new Map() };
  const program = await services.programs.createProgram(ctx, {
    name: 'Demo Program',
    domain: 'example.com',
    baseUrls: ['https://example.com', `${publicUrl}/welcome`],
  });
  const { key } = await services.apiKeys.issue(ctx, program.id, 'Demo key', user.id);
  return { email, password, programId: program.id, apiKey: key, publishableKey: program.publishableKey };
}
