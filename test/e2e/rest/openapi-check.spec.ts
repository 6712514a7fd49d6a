/**
 * The response check of the test client (test/helpers/openapi-check.ts) against a running server's document:
 * answers it describes pass, and each kind of mismatch fails, naming what is wrong.
 */
import { checkAgainstDocument } from '../../helpers/openapi-check';
import { useTestServer } from '../../helpers/harness';
import { createProgram } from '../../helpers/factories';

const server = useTestServer();

const headers = (extra: Record<string, string> = {}) =>
  new Headers({ 'content-type': 'application/json; charset=utf-8', RateLimit: '"reads";r=1;t=1', 'RateLimit-Policy': '"reads";q=2;w=60', ...extra });
const check = (method: string, path: string, status: number, text: string, h = headers()) =>
  checkAgainstDocument(server.url, method, new URL(`${server.url}/api/v1${path}`), { status, headers: h, text });

test('a real answer passes, and the same answer changed in any documented respect fails', async () => {
  const p = await createProgram(server);
  const created = await server.api('POST', '/affiliates', { token: p.key, body: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' } });
  expect(created.status).toBe(200);
  await expect(check('POST', '/affiliates', 200, created.text)).resolves.toBeUndefined();

  const body = JSON.parse(created.text);
  await expect(check('POST', '/affiliates', 200, JSON.stringify({ ...body, extra: 1 }))).rejects.toThrow(/must NOT have additional properties/);
  const { email: _email, ...withoutEmail } = body;
  await expect(check('POST', '/affiliates', 200, JSON.stringify(withoutEmail))).rejects.toThrow(/must have required property 'email'/);
  await expect(check('POST', '/affiliates', 200, JSON.stringify({ ...body, createdAt: 'yesterday' }))).rejects.toThrow(/must match format "date-time"/);
  await expect(check('POST', '/affiliates', 200, JSON.stringify({ ...body, affiliateStatus: 'gone' }))).rejects.toThrow(
    /must be equal to one of the allowed values/,
  );
  await expect(check('POST', '/affiliates', 200, created.text, headers({ 'content-type': 'text/plain' }))).rejects.toThrow(/Content-Type "text\/plain"/);
  await expect(check('POST', '/affiliates', 200, created.text, new Headers({ 'content-type': 'application/json' }))).rejects.toThrow(
    /without the header RateLimit/,
  );
  await expect(check('POST', '/affiliates', 418, created.text)).rejects.toThrow(/a status the OpenAPI document does not list/);
  await expect(check('GET', '/affiliates', 409, '{}')).rejects.toThrow(/does not list/);
});

test('error bodies are checked per status: the code must be one that status carries', async () => {
  await expect(check('GET', '/sales', 404, JSON.stringify({ error: 'Not found', code: 'NOT_FOUND' }))).resolves.toBeUndefined();
  await expect(check('GET', '/sales', 404, JSON.stringify({ error: 'Not found', code: 'DUPLICATE' }))).rejects.toThrow(/\/code must be equal to constant/);
  await expect(check('GET', '/sales', 429, JSON.stringify({ error: 'Slow down', code: 'RATE_LIMITED' }))).rejects.toThrow(/without the header Retry-After/);
  const refused = { error: 'No', code: 'REFUND_NOT_ALLOWED', reason: 'in_payout_batch' };
  await expect(check('PATCH', '/sales', 400, JSON.stringify(refused))).resolves.toBeUndefined();
  await expect(check('PATCH', '/sales', 400, JSON.stringify({ ...refused, reason: 'bad_luck' }))).rejects.toThrow(/document does not describe/);
});

test('requests no operation describes are left to their own tests', async () => {
  await expect(check('GET', '/no-such-thing', 404, 'whatever')).resolves.toBeUndefined();
  await expect(check('PATCH', '/affiliates', 404, 'whatever')).resolves.toBeUndefined();
});
