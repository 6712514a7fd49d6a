/**
 * What a second pass over the whole surface, as an attacker working from DESIGN.md and the spec, found after
 * the ten findings were fixed; each test failed before its fix.
 */
import { isPrivateAddress } from '../../../src/modules/webhooks/webhook.url';
import { uniq } from '../../helpers/spec-client';
import { useProgram, useTestServer } from '../../helpers/harness';
import { API_KEYS, REVOKE_API_KEY } from '../../helpers/graphql-documents';
import { dataOf } from '../../helpers/graphql/typed-document';

const server = useTestServer({ publicUrl: 'https://api.example.com' });

const A = useProgram(server);
const B = useProgram(server);

const SIGN_UP = 'mutation($e: String!) { signUp(input: { email: $e, password: "Orchid-Tangent-9981-x", name: "V" }) { token } }';

test('signUp cannot be used to probe which emails are registered faster than sign-in allows', async () => {
  const codes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await server.graphql(SIGN_UP, { e: A.ownerEmail.toUpperCase() });
    codes.push(res.body.errors?.[0]?.extensions?.code);
    if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  // The sign-in budget of the email (5 failures): then RATE_LIMITED, the same as a sixth wrong password.
  expect(codes).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'DUPLICATE', 'RATE_LIMITED', 'RATE_LIMITED']);
  // A new email still signs up (its own budget; successes give their slot back).
  const fresh = await server.graphql(SIGN_UP, { e: `fresh-${uniq()}@example.com` });
  expect(fresh.body.errors).toBeUndefined();
});

test('the OpenAPI document names PUBLIC_URL as its server, whatever Host the request carried', async () => {
  const res = await server.api('GET', '/openapi.json', { headers: { host: 'evil.test' } });
  expect(res.status).toBe(200);
  expect(res.body.servers).toEqual([{ url: 'https://api.example.com/api/v1', description: 'This server' }]);
});

test("revoking another user's API key or connection answers like an id that does not exist", async () => {
  const key = await server.graphql(API_KEYS, { p: A.programId }, A.session);
  const aKeyId = dataOf(key).apiKeys[0].id;
  const theirs = await server.graphql(REVOKE_API_KEY, { id: aKeyId }, B.session);
  const none = await server.graphql(REVOKE_API_KEY, { id: '01900000-0000-7000-8000-000000000000' }, B.session);
  expect(theirs.body.errors?.[0]).toMatchObject({ message: none.body.errors?.[0].message, extensions: { code: 'NOT_FOUND' } });
  expect((await server.api('GET', '/affiliates', { token: A.key })).status).toBe(200);
  const conn = await server.graphql('mutation($id: ID!) { revokeConnection(id: $id) { id } }', { id: aKeyId }, B.session);
  expect(conn.body.errors?.[0]).toMatchObject({ message: 'No such connection', extensions: { code: 'NOT_FOUND' } });
});

test('REST limit out of range is a 400 about limit, not about the GraphQL argument behind it', async () => {
  const res = await server.api('GET', '/affiliates', { token: A.key, query: { limit: '100000000' } });
  expect(res.status).toBe(400);
  expect(res.body.details).toEqual([{ field: 'limit', message: expect.any(String) }]);
});

test.each(['2002:7f00:1::', '2002:c0a8:101::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'])(
  'webhook targets: %s (6to4 / Teredo, embedding IPv4) is private',
  (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  },
);
