/**
 * The authorization policy (src/auth/policy.ts) covers the whole surface, and says what DESIGN.md says.
 * Coverage: every root field and object type of the built schema, every field that crosses into another
 * resource, every REST route. The behaviour over HTTP is test/e2e/security/authorization-matrix.spec.ts.
 */
import 'reflect-metadata';
import { getNamedType, GraphQLObjectType, GraphQLSchema, GraphQLString, isInputObjectType, isObjectType, type GraphQLNamedType } from 'graphql';
import {
  GRAPHQL_FIELD_SETS,
  GRAPHQL_FIELDS,
  GRAPHQL_ROOT_FIELDS,
  GRAPHQL_TYPES,
  mayUse,
  RESOURCES,
  REST_CALLERS,
  REST_ROUTES,
  type Caller,
  type Resource,
} from '../../src/auth/policy';
import { GRAPHQL_INPUT_FIELDS } from '../../src/auth/policy-graphql';
import { getSchema } from '../../src/graphql/schema';
import { applyPolicy } from '../../src/graphql/policy-enforcement';
import { restRoutes, routeKey } from '../../rest-facade/router';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await getSchema();
});

const objectTypes = () =>
  Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && t.name !== 'Query' && t.name !== 'Mutation',
  );

/**
 * Fields where the data changes resource: walking from each root field through wrapper types, a field whose
 * type holds another resource than the one in force there.
 */
function crossings(): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  /** The resources a type holds, looking through wrappers. */
  const reach = (type: GraphQLNamedType, path = new Set<string>()): Resource[] => {
    if (!isObjectType(type) || path.has(type.name)) return [];
    const held = GRAPHQL_TYPES[type.name];
    if (held) return [held];
    path.add(type.name);
    return [...new Set(Object.values(type.getFields()).flatMap((f) => reach(getNamedType(f.type), path)))];
  };
  const visit = (type: GraphQLNamedType, context: Resource) => {
    if (!isObjectType(type) || seen.has(`${type.name}@${context}`)) return;
    seen.add(`${type.name}@${context}`);
    const here = GRAPHQL_TYPES[type.name] ?? context;
    for (const field of Object.values(type.getFields())) {
      const target = getNamedType(field.type);
      if (!isObjectType(target)) continue;
      const reached = reach(target);
      if (reached.some((r) => r !== here)) out.add(`${type.name}.${field.name}`);
      visit(target, GRAPHQL_TYPES[target.name] ?? (reached.length === 1 ? reached[0] : here));
    }
  };
  for (const root of ['Query', 'Mutation'] as const) {
    const type = schema.getType(root) as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      const target = getNamedType(field.type);
      visit(target, GRAPHQL_TYPES[target.name] ?? GRAPHQL_ROOT_FIELDS[root][field.name]);
    }
  }
  return out;
}

describe('coverage: nothing callable without an entry', () => {
  test.each(['Query', 'Mutation'] as const)('every %s field has an entry, and every entry a field', (root) => {
    const fields = Object.keys((schema.getType(root) as GraphQLObjectType).getFields()).sort();
    expect(Object.keys(GRAPHQL_ROOT_FIELDS[root]).sort()).toEqual(fields);
  });

  test('every object type is classified (a resource or a wrapper), and every classified type exists', () => {
    const names = objectTypes()
      .map((t) => t.name)
      .sort();
    expect(Object.keys(GRAPHQL_TYPES).sort()).toEqual(names);
  });

  test('every field that reaches another resource has an entry', () => {
    const found = [...crossings()].sort();
    const missing = found.filter((c) => !(c in GRAPHQL_FIELDS));
    expect(missing).toEqual([]);
    // Entries that are not type crossings guard scalar fields that expose another resource's data.
    expect(Object.keys(GRAPHQL_FIELDS).filter((c) => !found.includes(c))).toEqual([
      'Link.promotionalCodes',
      'Affiliate.payoutMethod',
      'Affiliate.payoutEmail',
      'Affiliate.stripeAccountId',
    ]);
  });

  test('every field entry names a field of the schema', () => {
    for (const coordinate of Object.keys(GRAPHQL_FIELDS)) {
      const [t, f] = coordinate.split('.');
      expect({ coordinate, exists: !!(schema.getType(t) as GraphQLObjectType | undefined)?.getFields()[f] }).toEqual({ coordinate, exists: true });
    }
    for (const [t, set] of Object.entries(GRAPHQL_FIELD_SETS)) {
      const fields = Object.keys((schema.getType(t) as GraphQLObjectType).getFields());
      for (const f of set.open) expect(fields).toContain(f);
    }
  });

  test('every input field entry names an input field of the schema that a root field takes as an argument', () => {
    const argumentTypes = new Set(
      (['Query', 'Mutation'] as const).flatMap((root) =>
        Object.values((schema.getType(root) as GraphQLObjectType).getFields()).flatMap((f) => f.args.map((a) => getNamedType(a.type).name)),
      ),
    );
    for (const coordinate of Object.keys(GRAPHQL_INPUT_FIELDS)) {
      const [t, f] = coordinate.split('.');
      const type = schema.getType(t);
      expect({ coordinate, exists: isInputObjectType(type) && !!type.getFields()[f], argument: argumentTypes.has(t) }).toEqual({
        coordinate,
        exists: true,
        argument: true,
      });
    }
    // An affiliate update may carry its payout details, which a partner token may neither read nor write.
    for (const f of ['payoutMethod', 'payoutEmail', 'stripeAccountId']) expect(GRAPHQL_INPUT_FIELDS[`UpdateAffiliateInput.${f}`]).toBe('payoutDetails');
  });

  test('a schema with a root field the policy does not name is refused at start-up', () => {
    const rogue = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { secrets: { type: GraphQLString } } }) });
    expect(() => applyPolicy(rogue)).toThrow(/Query.secrets has no entry in the authorization policy/);
  });

  test('every REST route has an entry, and every entry a route', () => {
    expect(restRoutes.map(routeKey).sort()).toEqual(Object.keys(REST_ROUTES).sort());
  });
});

describe('the policy says what DESIGN.md says', () => {
  const callers: Caller[] = ['anonymous', 'session', 'apiKey', 'oauth', 'publishableKey', 'portal', 'portalVisitor'];
  const allowed = (c: Caller) => (Object.keys(RESOURCES) as Resource[]).filter((r) => mayUse(c, r)).sort();

  test('without a credential: only sign-up and sign-in', () => {
    expect(allowed('anonymous')).toEqual(['public']);
  });

  test("a partner token: affiliates, links, referrals, sales, the program's public profile and its own webhook subscriptions, nothing else", () => {
    expect(allowed('oauth')).toEqual(['affiliates', 'links', 'programProfile', 'public', 'referrals', 'sales', 'webhookSubscriptions']);
  });

  test("an API key: every resource of its program, never program changes, API keys, connections, billing integrations, the tracker, users or an affiliate's portal", () => {
    const never: Resource[] = ['apiKeys', 'billingAdmin', 'connections', 'programAdmin', 'publicClicks', 'users', 'portal', 'portalEntry'];
    expect(allowed('apiKey')).toEqual((Object.keys(RESOURCES) as Resource[]).filter((r) => !never.includes(r)).sort());
  });

  test("a dashboard session: everything (of the programs its user owns, which the services decide) but the tracker's click recording and the affiliates' portal", () => {
    expect(allowed('session')).toEqual(
      Object.keys(RESOURCES)
        .filter((r) => !['publicClicks', 'portal', 'portalEntry'].includes(r))
        .sort(),
    );
  });

  test('a portal session: its own portal and nothing else; a portal visitor: applying and asking for a sign-in link', () => {
    expect(allowed('portal')).toEqual(['portal']);
    expect(allowed('portalVisitor')).toEqual(['portalEntry']);
    expect(callers.filter((c) => mayUse(c, 'portal'))).toEqual(['portal']);
    expect(callers.filter((c) => mayUse(c, 'payoutDetails'))).toEqual(['session', 'apiKey']);
    expect(callers.filter((c) => mayUse(c, 'portalLinks'))).toEqual(['session', 'apiKey']);
  });

  test("a publishable key: recording clicks from the merchant's site, nothing else, not even sign-in", () => {
    expect(allowed('publishableKey')).toEqual(['publicClicks']);
    expect(callers.filter((c) => mayUse(c, 'publicClicks'))).toEqual(['publishableKey']);
    expect(Object.entries(REST_ROUTES).filter(([, r]) => mayUse('publishableKey', r))).toEqual([['POST /public/clicks', 'publicClicks']]);
    const fields = (['Query', 'Mutation'] as const).flatMap((t) =>
      Object.entries(GRAPHQL_ROOT_FIELDS[t])
        .filter(([, r]) => mayUse('publishableKey', r))
        .map(([f]) => f),
    );
    expect(fields).toEqual(['recordPublicClick']);
  });

  test("approving a commission by hand: the owner (its session or its program's API key), never a partner", () => {
    expect(callers.filter((c) => mayUse(c, GRAPHQL_ROOT_FIELDS.Mutation.approveCommission))).toEqual(['session', 'apiKey']);
  });

  // The review's finding 1, field by field.
  test.each([
    ['Mutation', 'updateProgram'],
    ['Mutation', 'createProgram'],
    ['Mutation', 'createApiKey'],
    ['Mutation', 'rotatePublishableKey'],
    ['Mutation', 'revokeApiKey'],
    ['Query', 'apiKeys'],
    ['Query', 'connections'],
    ['Mutation', 'revokeConnection'],
    ['Query', 'me'],
  ] as const)('%s.%s: dashboard sessions only', (root, field) => {
    expect(callers.filter((c) => mayUse(c, GRAPHQL_ROOT_FIELDS[root][field]))).toEqual(['session']);
  });

  test('Link.promotionalCodes follows the promotional codes: no partner token', () => {
    expect(mayUse('oauth', GRAPHQL_FIELDS['Link.promotionalCodes'] as Resource)).toBe(false);
    expect(mayUse('apiKey', GRAPHQL_FIELDS['Link.promotionalCodes'] as Resource)).toBe(true);
  });

  test('Program settings other than id, name, domain and logoUrl: not for a partner token', () => {
    expect(GRAPHQL_FIELD_SETS.Program.open).toEqual(['id', 'name', 'domain', 'logoUrl']);
    expect(mayUse('oauth', GRAPHQL_FIELD_SETS.Program.rest)).toBe(false);
  });

  test('REST: coupons, promotional codes, webhook management and events are refused to a partner token (it may list, create and delete its own subscriptions); sessions are not REST callers', () => {
    const partner = Object.entries(REST_ROUTES)
      .filter(([, r]) => mayUse('oauth', r))
      .map(([k]) => k.split(' ')[1]);
    expect(
      Object.keys(REST_ROUTES)
        .filter((k) => k.endsWith(' /webhooks') || k.includes('/webhooks/'))
        .filter((k) => mayUse('oauth', REST_ROUTES[k])),
    ).toEqual(['GET /webhooks', 'POST /webhooks', 'DELETE /webhooks']);
    expect([...new Set(partner)].sort()).toEqual(['/affiliates', '/clicks', '/links', '/program', '/referrals', '/sales', '/webhooks']);
    expect(REST_CALLERS).toEqual(['apiKey', 'oauth']);
  });
});
