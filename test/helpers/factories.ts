import { randomBytes } from 'node:crypto';
import type { Runtime } from '../../src/bootstrap';
import { anonymousContext } from '../../src/modules/service-context';
import type { TestServer } from './server';

export interface ProgramFixture {
  programId: string;
  /** API key of the program. */
  key: string;
  /** Session token of the program's owner. */
  session: string;
  ownerEmail: string;
  /** The program's publishable key (tracker.js, POST /api/v1/public/clicks). */
  publishableKey: string;
}

const uniq = () => randomBytes(4).toString('hex');

/**
 * A new user with a program and an API key. Provisioned through the services (the same code the GraphQL
 * provisioning mutations call, tested over HTTP in test/e2e/graphql): fixtures must not spend the
 * per-address budget of anonymous sign-ups.
 */
export function createProgram(server: TestServer, settings: Record<string, unknown> = {}): Promise<ProgramFixture> {
  return provisionProgram(server.runtime, settings);
}

/** createProgram with the services of an app in this process (a test server's runtime, or a provisioner). */
export async function provisionProgram(
  { services, orm, log }: Pick<Runtime, 'services' | 'orm' | 'log'>,
  settings: Record<string, unknown> = {},
): Promise<ProgramFixture> {
  const em = orm.em.fork();
  const ownerEmail = `owner-${uniq()}@example.com`;
  const { user, token: session } = await services.users.signUp(anonymousContext(em, log, 'fixture'), {
    email: ownerEmail,
    password: 'correct horse battery',
    name: 'Owner',
  });
  const ctx = { em, actor: { kind: 'session' as const, credentialId: 'fixture', userId: user.id }, requestId: 'fixture', log, programs: new Map() };
  const program = await services.programs.createProgram(ctx, {
    name: `Program ${uniq()}`,
    baseUrls: ['https://shop.example.com', 'https://example.org/landing?src=aff'],
    ...settings,
  });
  const { key } = await services.apiKeys.createApiKey(ctx, program.id, 'tests');
  return { programId: program.id, key, session, ownerEmail, publishableKey: program.publishableKey };
}

let seq = 0;
/** A POST /affiliates body: Ada Lovelace with a fresh email, overridden by `body`. */
export function affiliateBody(body: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return { firstName: 'Ada', lastName: 'Lovelace', email: `ada${seq}-${uniq()}@example.com`, ...body };
}

/** POST /affiliates with sensible defaults; throws unless it answers 200. */
export async function createAffiliate(server: TestServer, key: string, body: Record<string, unknown> = {}) {
  const res = await server.api('POST', '/affiliates', { token: key, body: affiliateBody(body) });
  if (res.status !== 200) throw new Error(`createAffiliate failed: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * A partner (OAuth) access token for the program, minted through the same service calls the consent page
 * and the token endpoint make (the full browser flow is tested in test/e2e/oauth).
 */
export async function createPartnerToken(server: TestServer, p: ProgramFixture, partner = 'zapier'): Promise<string> {
  const { services, orm, log } = server.runtime;
  const ctx = anonymousContext(orm.em.fork(), log, 'fixture');
  const user = await services.users.findByEmail(ctx, p.ownerEmail);
  const code = await services.oauth.issueCode(ctx, { partner, userId: user!.id, programId: p.programId, redirectUri: 'http://localhost:8976/callback' });
  const result = await services.oauth.exchangeCode(ctx, { partner, code });
  if (!result.ok) throw new Error('could not mint a partner token');
  return result.accessToken;
}
