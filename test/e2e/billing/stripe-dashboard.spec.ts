/**
 * The program's dashboard page and Stripe (issue: "the program's dashboard page shows the integration, the URL
 * to paste into Stripe's dashboard, and the recent events with their outcomes"): connecting through the page
 * (CSRF-protected, the owner only), the URL, the events received, and disconnecting. Over HTTP.
 */
import Stripe from 'stripe';
import { createProgram } from '../../helpers/factories';
import { expectErrorPage, hiddenFields, Jar, oauthPages, unescapeHtml } from '../../helpers/oauth-pages';
import { useTestServer } from '../../helpers/harness';
import customerFixture from '../../fixtures/stripe/customer.json';
import eventFixture from '../../fixtures/stripe/event.json';

const server = useTestServer();

const { send, signIn, sql } = oauthPages(() => server);
const SECRET = 'whsec_dashboard_0123456789abcdef';

test('the owner connects Stripe on the page, sees the URL to paste and the events with their outcomes, and disconnects', async () => {
  const p = await createProgram(server);
  const { jar } = await signIn(p.ownerEmail);
  const path = `/dashboard/programs/${p.programId}`;
  const page = await send('GET', path, { jar });
  expect(page.text).toContain('Sales from Stripe');
  expect(page.text).toContain('Not connected');

  const action = `${path}/billing`;
  const bad = await send('POST', action, { jar, form: { ...hiddenFields(page.text, action), signingSecret: 'not-a-secret' } });
  expect(bad.status).toBe(200);
  expect(bad.text).toMatch(/role="alert"[^]*signingSecret/);
  const created = await send('POST', action, { jar, form: { ...hiddenFields(page.text, action), signingSecret: SECRET } });
  expect(created.status).toBe(200);
  const url = unescapeHtml(/<code id="billing-url">([^<]+)<\/code>/.exec(created.text)![1]);
  expect(url).toMatch(/\/integrations\/stripe\/[0-9a-f-]{36}$/);
  expect(created.text).not.toContain(SECRET);

  // An event arrives: the page lists it with its outcome.
  const event = { ...eventFixture, id: 'evt_dashboard_1', type: 'customer.created', data: { object: { ...customerFixture, metadata: {} } } };
  const payload = JSON.stringify(event);
  const res = await fetch(`${server.url}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    body: payload,
  });
  expect(res.status).toBe(200);
  const reload = await send('GET', path, { jar });
  expect(reload.text).toContain(url);
  expect(reload.text).toContain('evt_dashboard_1');
  expect(reload.text).toMatch(/customer\.created[^]*ignored[^]*no affiliate reference/);

  const [integration] = await sql<{ id: string }>('select id from billing_integrations where program_id = ?', [p.programId]);
  const del = `${path}/billing/${integration.id}/delete`;
  const gone = await send('POST', del, { jar, form: hiddenFields(reload.text, del) });
  expect(gone.status).toBe(303);
  expect(await sql('select id from billing_integrations where program_id = ?', [p.programId])).toEqual([]);
});

test('the forms need the CSRF token, and another user cannot connect or disconnect a program', async () => {
  const p = await createProgram(server);
  const { jar } = await signIn(p.ownerEmail);
  const sessionOnly = new Jar();
  sessionOnly.cookies.set('sid', jar.cookies.get('sid')!);
  expectErrorPage(await send('POST', `/dashboard/programs/${p.programId}/billing`, { jar: sessionOnly, form: { signingSecret: SECRET } }), 403);
  const attacker = await createProgram(server);
  const a = await signIn(attacker.ownerEmail);
  const own = await send('GET', `/dashboard/programs/${attacker.programId}`, { jar: a.jar });
  const csrf = hiddenFields(own.text, `/dashboard/programs/${attacker.programId}/billing`).csrf;
  const res = await send('POST', `/dashboard/programs/${p.programId}/billing`, { jar: a.jar, form: { csrf, signingSecret: SECRET } });
  expect(res.status).toBe(404);
  expect(await sql('select id from billing_integrations where program_id = ?', [p.programId])).toEqual([]);
});
