import type { TObject } from '@sinclair/typebox';
import type { JSONSchema7 } from 'json-schema';
import { sample } from 'openapi-sampler';
import type { GraphQLSchema } from 'graphql';
import { mayUse, REST_ROUTES } from '../src/auth/policy';
import { API_VERSION, ERROR_SCHEMAS, errorResponses, HEADERS, PARAMETERS, TAGS } from './openapi-components';
import { componentize, type SchemaHolder } from './openapi-refs';
import { openApiIntegrationPaths } from './openapi-integrations';
import { eventBodyHolders, openApiWebhooks } from './openapi-webhooks';
import { isSiteResource } from './public-site';
import { bodyOf, type AnswerMode } from './responses';
import { inputSchema, type RestRoute } from './route';
import { pathParameters } from './route-matcher';

type JsonSchema = Record<string, any>;

/** The validator's wording annotations (src/validation/kit.ts): not JSON Schema, so not in the document. */
const WORDING = new Set(['errorMessage', 'errorDetail']);

/** The schema as plain JSON Schema: TypeBox's symbols and the validator's wording left out. */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema, (key, value) => (WORDING.has(key) ? undefined : value)));

/**
 * `anyOf: [X, {type: 'null'}]` (TypeBox's Nullable) as X whose `type` also admits null: the same values, in the
 * form the response schemas use, and one that renderers sample without merging branches.
 */
function collapseNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, collapseNullable(v)]));
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt];
    if (nullAt >= 0 && typeof other?.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      const merged: JsonSchema = { ...other, ...rest, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
      return merged;
    }
  }
  return out;
}

/** A query parameter's schema: a query string has no null, so an optional field's null branch is dropped. */
const parameterSchema = (s: JsonSchema): JsonSchema =>
  Array.isArray(s.anyOf) && s.anyOf.some((x: JsonSchema) => x.type === 'null') ? s.anyOf.find((x: JsonSchema) => x.type !== 'null') : s;

/**
 * An example per answer mode of a route that answers a record or a list (Redoc would otherwise sample the
 * `oneOf` by merging each branch into the other), sampled from the schemas.
 */
function addModeExamples(media: JsonSchema, components: JsonSchema): void {
  const branches = (media.schema as JsonSchema).oneOf as JsonSchema[] | undefined;
  if (!branches) return;
  const examples: JsonSchema = {};
  for (const branch of branches) {
    const list = branch.type === 'array';
    examples[list ? 'list' : 'record'] = {
      summary: list ? 'Without a lookup parameter: the list' : 'With a lookup parameter: the record (or null)',
      value: sample(branch as JSONSchema7, { skipWriteOnly: true, quiet: true }, { components }),
    };
  }
  media.examples = examples;
}

/** REST-only parameters (the GraphQL operations page with `first` instead). */
const REST_PARAMETERS: Record<string, string> = {
  limit: 'One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page.',
  after: 'The `X-Next-Cursor` of the page before: the page after it.',
};

export interface OpenApiInput {
  routes: RestRoute[];
  /** Per route (same order): the bodies it answers with 200 (rest-facade/responses.ts). */
  answers: AnswerMode[][];
  /** Descriptions of input fields by name, taken from the GraphQL arguments and input types the route's operations use. */
  describeInput: (route: RestRoute, name: string) => string | undefined;
  graphql: GraphQLSchema;
  /** This server's public origin (PUBLIC_URL). */
  origin: string;
  /** The configured automation partners: one OAuth 2.0 authorization-code scheme each. */
  partners: readonly string[];
}

const schemeOf = (partner: string) => `${partner}OAuth`;

function describeProperties(schema: JsonSchema, describe: (name: string) => string | undefined): JsonSchema {
  for (const [name, p] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const d = p.description ?? REST_PARAMETERS[name] ?? describe(name);
    if (d) p.description = d;
  }
  return schema;
}

/** The input's fields as parameters: a path's `{params}` (always required) and the rest of a GET's fields in its query. */
function inputParameters(schema: TObject, describe: (name: string) => string | undefined, inPath: readonly string[], query: boolean): JsonSchema[] {
  if (!query && !inPath.length) return [];
  const s = describeProperties(plain(schema), describe);
  const required = new Set<string>(s.required ?? []);
  const parameter = (name: string, where: 'path' | 'query') => {
    const p = (s.properties as Record<string, JsonSchema>)[name];
    const { description, ...rest } = parameterSchema(p);
    return { name, in: where, required: where === 'path' || required.has(name), description: description ?? p.description, schema: rest };
  };
  const path = inPath.map((name) => parameter(name, 'path'));
  if (!query) return path;
  return [
    ...path,
    ...Object.keys(s.properties as object)
      .filter((name) => !inPath.includes(name))
      .map((name) => parameter(name, 'query')),
  ];
}

/** A write's body schema: its input's fields but those the path carries. */
function withoutPathFields(schema: JsonSchema, inPath: readonly string[]): JsonSchema {
  if (!inPath.length) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as JsonSchema).filter(([name]) => !inPath.includes(name)));
  return { ...schema, properties, required: (schema.required as string[]).filter((name) => !inPath.includes(name)) };
}

const rateLimitHeaders = { RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } };

/**
 * What differs on a route the merchant's pages call with the publishable key (rest-facade/public-site.ts): no
 * Idempotency-Key (not taken there, so no 409 or 422 and no replays), the CORS answer header, and what a 403 means there.
 */
function siteResponses(responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(responses)) {
    if (status === '409' || status === '422') continue;
    const { 'Idempotent-Replayed': _replayed, ...headers } = (response.headers ?? {}) as JsonSchema;
    out[status] = { ...response, headers };
  }
  out[200].headers['Access-Control-Allow-Origin'] = { $ref: '#/components/headers/Access-Control-Allow-Origin' };
  out[403] = {
    ...out[403],
    description: "The page's origin is not one of the program's base URLs (nothing is recorded), or the credential is not a publishable key",
  };
  return out;
}

/** A route's `file`: its media type (without parameters) as a string, saved under the name `Content-Disposition` gives. */
function fileResponse(route: RestRoute): JsonSchema {
  const file = route.file!;
  const media: JsonSchema = { schema: { type: 'string' } };
  if (file.example !== undefined) media.example = file.example;
  const disposition = {
    description: 'The file is an attachment, with the name to save it under (RFC 6266).',
    required: true,
    schema: { type: 'string', examples: ['attachment; filename="export.csv"'] },
  };
  return {
    description: 'The file, to download.',
    headers: { ...rateLimitHeaders, 'Content-Disposition': disposition },
    content: { [file.contentType.split(';')[0].trim()]: media },
  };
}

function successResponse(route: RestRoute, modes: AnswerMode[]): JsonSchema {
  // Plain JSON Schema comes out of componentize (./openapi-refs.ts), which needs the schemas as built.
  const bodies = modes.map(bodyOf);
  // A record (or null) and an array never both match: oneOf.
  const schema = bodies.length === 1 ? bodies[0] : { oneOf: bodies };
  const headers: JsonSchema = { ...rateLimitHeaders };
  if (modes.some((m) => m.kind === 'list')) headers['X-Next-Cursor'] = { $ref: '#/components/headers/X-Next-Cursor' };
  if (route.method !== 'GET') headers['Idempotent-Replayed'] = { $ref: '#/components/headers/Idempotent-Replayed' };
  const described =
    modes.length > 1
      ? `The ${modes.map((m) => (m.kind === 'list' ? 'list (one JSON array)' : 'single record, or null when nothing matches')).join(', or the ')}.`
      : modes[0].kind === 'list'
        ? 'The list: one JSON array (or one page of it with `limit`).'
        : route.status === 201
          ? 'Created.'
          : 'Success.';
  return { description: described, headers, content: { 'application/json': { schema } } };
}

/** A route's operation object; its success body is also pushed to `bodies`, to be componentized with the others. */
export function routeOperation(input: OpenApiInput, r: RestRoute, modes: AnswerMode[], bodies: SchemaHolder[]): JsonSchema {
  const describe = (name: string) => input.describeInput(r, name);
  const resource = REST_ROUTES[`${r.method} ${r.path}`];
  const site = isSiteResource(resource);
  const security: JsonSchema[] = site ? [{ publishableKey: [] }, { publishableKeyBearer: [] }] : [{ apiKey: [] }];
  if (mayUse('oauth', resource)) for (const p of input.partners) security.push({ [schemeOf(p)]: [] });
  const success = r.file ? fileResponse(r) : successResponse(r, modes);
  // Only JSON bodies become components (a file's is a string).
  if (!r.file) bodies.push(success.content['application/json']);
  const inPath = pathParameters(r.path);
  const responses = { [r.status ?? 200]: success, ...errorResponses(r) };
  const op: JsonSchema = {
    operationId: r.id,
    summary: r.summary,
    description: r.description + (site || mayUse('oauth', resource) ? '' : '\n\nAPI keys only: a partner (OAuth) token is answered 403.'),
    tags: [r.path.split('/')[1]],
    security,
    parameters:
      r.method === 'GET'
        ? inputParameters(r.query, describe, inPath, true)
        : [...inputParameters(r.body, describe, inPath, false), ...(site ? [] : [{ $ref: '#/components/parameters/IdempotencyKey' }])],
    responses: site ? siteResponses(responses) : responses,
  };
  if (r.method !== 'GET') {
    const schema = describeProperties(withoutPathFields(collapseNullable({ required: [], ...plain(inputSchema(r)) }) as JsonSchema, inPath), describe);
    const media: JsonSchema = { schema };
    if (r.example) media.example = r.example;
    op.requestBody = { required: true, content: { 'application/json': media } };
  }
  return op;
}

/** One OAuth 2.0 authorization-code scheme per automation partner. */
function oauthSchemes(origin: string, partners: readonly string[]): JsonSchema {
  return Object.fromEntries(
    partners.map((p) => [
      schemeOf(p),
      {
        type: 'oauth2',
        description: `Tokens of the automation partner "${p}" (spec section 5). The user is sent to the authorization URL with \`state\` and \`redirect_uri\`, picks a program and presses Connect, and comes back to \`redirect_uri?code=…&state=…\`. The partner then POSTs the form-encoded \`code\` (with \`redirect_uri\`, its client credentials in the form or as HTTP Basic, and \`code_verifier\` when PKCE S256 was used) to the token URL, which answers \`{"access_token": "oat_…", "token_type": "Bearer", "scope": "…"}\` (\`Cache-Control: no-store\`), or 400 \`{"error": "Code is required"}\` / \`{"error": "Invalid code"}\`, or 401 \`{"error": "invalid_client"}\` for wrong client credentials. Authorization-server metadata (RFC 8414): \`${origin}/.well-known/oauth-authorization-server/${encodeURIComponent(p)}\`. Tokens do not expire (users revoke them in the dashboard) and reach affiliates, links, referrals and sales of the one program chosen, and the partner's own webhook subscriptions (REST hooks) to their events.`,
        flows: {
          authorizationCode: {
            authorizationUrl: `${origin}/connect/${encodeURIComponent(p)}/choose-affiliate-program`,
            tokenUrl: `${origin}/api/${encodeURIComponent(p)}/token`,
            scopes: {},
          },
        },
      },
    ]),
  );
}

const INFO = {
  title: 'Affiliate Program Service API',
  version: API_VERSION,
  summary: 'Affiliates, referrals, links, coupons, promotional codes and sales of one affiliate program per token.',
  description: [
    "Every request carries `Authorization: Bearer <token>`: a program API key, or an automation partner token obtained through OAuth 2.0. A token reaches its one program. The one exception is `POST /public/clicks`, which the merchant-site script `tracker.js` calls from visitors' browsers with the program's publishable key.",
    'Errors answer `{"error": "<sentence>", "code": "<CODE>", "details"?: [{"field", "message"}]}`. Writes accept an `Idempotency-Key` header (24 h per credential). Every answer carries `RateLimit` and `RateLimit-Policy`; a 429 or 503 carries `Retry-After`.',
    'Lists answer one JSON array; with `limit` one page, the next one via `after` = the `X-Next-Cursor` header. The reference for people is at `/docs`; the dashboards use GraphQL at `/graphql`.',
  ].join('\n\n'),
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
};

/** The credentials every configuration has: the API key and the publishable key (two ways to send it). */
const KEY_SCHEMES = {
  apiKey: { type: 'http', scheme: 'bearer', description: 'A program API key (`apk_…`), created in the dashboard or with GraphQL `createApiKey`.' },
  publishableKey: {
    type: 'apiKey',
    in: 'query',
    name: 'key',
    description:
      "The program's publishable key (`pk_…`, GraphQL `Program.publishableKey`, on the program's dashboard page): public, for `tracker.js` on your site; it only records clicks (`POST /public/clicks`).",
  },
  publishableKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The publishable key (`pk_…`) as a bearer, for the click endpoint only: anywhere else it is 401.',
  },
};

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table: each route's input is the JSON Schema
 * the validator checks (src/validation/schemas), each 200 body the schema its serializer is compiled from
 * (derived from its GraphQL operation), each error the one error body, so the document cannot drift from
 * what is accepted and answered.
 */
export function openApiDocument(input: OpenApiInput): Record<string, unknown> {
  const { routes, answers, origin, partners } = input;
  const paths: Record<string, Record<string, unknown>> = {};
  const bodies: SchemaHolder[] = [];
  routes.forEach((r, i) => {
    (paths[`${r.path}`] ??= {})[r.method.toLowerCase()] = routeOperation(input, r, answers[i], bodies);
  });
  // Bodies only events carry go through componentize too, to become components the webhooks refer to.
  const resources = componentize([...bodies, ...eventBodyHolders(input.graphql)], (type) => input.graphql.getType(type)?.description ?? undefined);
  const components = { schemas: { ...resources, ...ERROR_SCHEMAS } };
  for (const holder of bodies) addModeExamples(holder as JsonSchema, components);
  return {
    openapi: '3.1.0',
    info: INFO,
    servers: [{ url: `${origin}/api/v1`, description: 'This server' }],
    tags: TAGS,
    security: [{ apiKey: [] }],
    paths: { ...paths, ...openApiIntegrationPaths(origin) },
    webhooks: openApiWebhooks(),
    components: {
      schemas: components.schemas,
      headers: HEADERS,
      parameters: PARAMETERS,
      securitySchemes: { ...KEY_SCHEMES, ...oauthSchemes(origin, partners) },
    },
  };
}
