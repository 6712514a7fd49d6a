import { forbidden, unauthenticated } from '../common/errors';
import type { Actor } from '../identity/actor';
import { RESOURCES, type Caller, type Resource } from './policy-resources';

/**
 * The authorization policy, deny by default: who may call what, in one place (DESIGN.md "Tenancy and
 * credentials"). Every GraphQL root field, every GraphQL field that reaches another resource, every REST
 * route and every other HTTP route has an entry here; `test/unit/policy.spec.ts` fails when one is missing,
 * and `applyPolicy` refuses to build a schema with an unlisted root field. Which program a call acts on is
 * decided after this, by the services (`ProgramService.requireProgram`): a credential never leaves its
 * program, a session never leaves its user's programs.
 */

export { RESOURCES, type Caller, type Resource } from './policy-resources';

/** The tables: GraphQL fields and types, REST routes and every other HTTP route → the resource they need. */
export { GRAPHQL_ROOT_FIELDS, GRAPHQL_TYPES, GRAPHQL_FIELDS, GRAPHQL_FIELD_SETS } from './policy-graphql';
export { REST_CALLERS, REST_ROUTES, HTTP_ROUTES } from './policy-http';

const CALLER_NAMES: Record<Caller, string> = {
  anonymous: 'an anonymous caller',
  session: 'a dashboard session',
  apiKey: 'an API key',
  oauth: 'a partner token',
  publishableKey: 'a publishable key',
  portal: "an affiliate's portal session",
  portalVisitor: 'a visitor of the portal',
};

/** May this caller use this resource? */
export function mayUse(caller: Caller, resource: Resource): boolean {
  return (RESOURCES[resource] as readonly Caller[]).includes(caller);
}

/** Throws UNAUTHENTICATED (no credential) or FORBIDDEN (a credential outside its scope) unless allowed. */
export function authorize(actor: Actor, resource: Resource): void {
  if (mayUse(actor.kind, resource)) return;
  if (actor.kind === 'anonymous') throw unauthenticated();
  throw forbidden(`${capitalize(CALLER_NAMES[actor.kind])} may not use ${describe(resource)}`);
}

const capitalize = (s: string) => s[0].toUpperCase() + s.slice(1);

const RESOURCE_NAMES: Partial<Record<Resource, string>> = {
  programAdmin: 'program settings (change)',
  programSettings: 'program settings',
  programProfile: 'programs',
  apiKeys: 'API keys',
  promotionalCodes: 'promotional codes',
  commissionPlans: 'commission plans and affiliate groups',
  users: 'user accounts',
  commissionReview: 'commission approvals',
  publicClicks: "the tracker's click recording",
  portalLinks: 'portal sign-in links',
  payoutDetails: "affiliates' payout details",
  portal: "an affiliate's own portal",
  portalEntry: "the portal's sign-up and sign-in",
};

function describe(resource: Resource): string {
  return RESOURCE_NAMES[resource] ?? resource;
}
