import { unauthenticated } from '../common/errors';
import type { DomainActor, ServiceContext } from '../modules/service-context';
import type { Services } from '../modules/services';
import { parseBearer, tokenKind } from '../identity/credentials';
import type { ProgramActor } from '../identity/credential-cache';
import type { Program } from '../modules/programs/program.entity';
import { sha256 } from '../common/ids';

/**
 * Turns the Authorization header into an Actor. No header: anonymous (each surface decides whether that is
 * allowed). A malformed, unknown, expired or revoked credential: UNAUTHENTICATED. API keys and OAuth tokens come
 * from the credential cache when it holds them (credential-cache.ts). `ctx` is the request's context
 * before anyone is known (its actor anonymous).
 */
export async function authenticate(ctx: ServiceContext, services: Services, header: string | undefined): Promise<DomainActor> {
  const token = parseBearer(header);
  if (token === undefined) return { kind: 'anonymous' };
  if (token === null) throw unauthenticated('The Authorization header must be "Bearer <token>"');
  const kind = tokenKind(token);
  // Public by design (it is in the merchant's pages): as a bearer it opens nothing (authenticatePublishableKey).
  if (kind === 'publishableKey')
    throw unauthenticated('A publishable key (pk_…) only records clicks from your site (POST /api/v1/public/clicks); use an API key');
  if (kind === 'session') {
    const s = await services.users.authenticate(ctx, token);
    if (s) return { kind: 'session', credentialId: s.session.id, userId: s.user.id };
  } else if (kind) {
    const cache = services.credentials;
    const hash = cache.enabled ? sha256(token) : '';
    const known = cache.enabled ? cache.lookup(hash) : undefined;
    if (known) return known;
    const ticket = cache.ticket();
    const actor = kind === 'apiKey' ? await apiKeyActor(ctx, services, token) : await oauthActor(ctx, services, token);
    if (actor) {
      if (cache.enabled) cache.store(hash, actor, ticket);
      return actor;
    }
  }
  throw unauthenticated('The bearer credential is unknown, expired or revoked');
}

async function apiKeyActor(ctx: ServiceContext, services: Services, token: string): Promise<ProgramActor<Program> | null> {
  const key = await services.apiKeys.authenticate(ctx, token);
  return key ? { kind: 'apiKey', credentialId: key.keyId, programId: key.program.id, program: key.program } : null;
}

async function oauthActor(ctx: ServiceContext, services: Services, token: string): Promise<ProgramActor<Program> | null> {
  const t = await services.oauth.authenticate(ctx, token);
  return t ? { kind: 'oauth', credentialId: t.token.id, programId: t.program.id, program: t.program, partner: t.token.partner } : null;
}

/**
 * The actor of a publishable key (`pk_…`), or null when no program has it (a rotated key is gone at once). Only
 * the routes the policy opens to publishable keys call this (the REST facade's public click route).
 */
export async function authenticatePublishableKey(
  ctx: ServiceContext,
  services: Services,
  key: string,
): Promise<Extract<DomainActor, { kind: 'publishableKey' }> | null> {
  // What a key can look like (`pk_` and base64url or hex): anything else is no key and is not looked up.
  if (!/^pk_[A-Za-z0-9_-]{16,100}$/.test(key)) return null;
  const program = await services.programs.findByPublishableKey(ctx, key);
  return program ? { kind: 'publishableKey', credentialId: program.id, programId: program.id, program } : null;
}
