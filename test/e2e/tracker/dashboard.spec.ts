/**
 * The program's dashboard page shows what a merchant needs to track clicks on its site: the script tag with the
 * publishable key, the cookie window and attribution model, the origins allowed; and rotates the key (the
 * owner's form, CSRF-protected).
 */
import { createProgram } from '../../helpers/factories';
import { csrfOf, oauthPages, unescapeHtml, type Jar } from '../../helpers/oauth-pages';
import { useProgram, useTestServer } from '../../helpers/harness';
import { PROGRAM_PUBLISHABLE_KEY } from '../../helpers/graphql-documents';
import { dataOf } from '../../helpers/graphql/typed-document';

const server = useTestServer();
let jar: Jar;
const p = useProgram(server, { cookieWindowDays: 45, attributionModel: 'last_click' });
beforeAll(async () => {
  jar = (await pages.signIn(p.ownerEmail)).jar;
});

const pages = oauthPages(() => server);
const programPath = () => `/dashboard/programs/${p.programId}`;
const text = (html: string, id: string) => unescapeHtml(new RegExp(`id="${id}">([\\s\\S]*?)</`).exec(html)?.[1] ?? '');

test('the program page shows the script tag to paste, the publishable key, the cookie window and the attribution model', async () => {
  const page = await pages.send('GET', programPath(), { jar });
  expect(page.status).toBe(200);
  expect(text(page.text, 'tracker-tag')).toBe(`<script src="${server.url}/tracker.js" data-program="${p.publishableKey}" async></script>`);
  expect(text(page.text, 'publishable-key')).toBe(p.publishableKey);
  expect(text(page.text, 'cookie-window')).toBe('45 days');
  expect(text(page.text, 'attribution-model')).toContain('last_click');
  expect(page.text).toContain('https://shop.example.com');
  expect(page.text).toContain('window.affiliateReferral');
});

test('Rotate publishable key: a new key on the page; the old one records nothing from then on', async () => {
  const before = await pages.send('GET', programPath(), { jar });
  const refused = await pages.send('POST', `${programPath()}/publishable-key/rotate`, { jar, form: { csrf: 'wrong' } });
  expect(refused.status).toBe(403);
  expect(text((await pages.send('GET', programPath(), { jar })).text, 'publishable-key')).toBe(p.publishableKey);

  const rotated = await pages.send('POST', `${programPath()}/publishable-key/rotate`, { jar, form: { csrf: csrfOf(before.text) } });
  expect(rotated.status).toBe(200);
  expect(rotated.text).toContain('role="status"');
  const fresh = text(rotated.text, 'publishable-key');
  expect(fresh).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
  expect(fresh).not.toBe(p.publishableKey);
  expect(text(rotated.text, 'tracker-tag')).toContain(`data-program="${fresh}"`);
  const old = await server.api('POST', '/public/clicks', { query: { key: p.publishableKey }, body: { ref: 'anything' } });
  expect(old.status).toBe(401);
  // The new key is known (an unknown ref is its only problem now).
  expect((await server.api('POST', '/public/clicks', { query: { key: fresh }, body: { ref: 'anything' } })).status).toBe(404);
});

test("another user cannot rotate this program's key", async () => {
  const other = await createProgram(server);
  const otherJar = (await pages.signIn(other.ownerEmail)).jar;
  const page = await pages.send('GET', `/dashboard/programs/${other.programId}`, { jar: otherJar });
  const res = await pages.send('POST', `${programPath()}/publishable-key/rotate`, { jar: otherJar, form: { csrf: csrfOf(page.text) } });
  expect(res.status).toBe(404);
  const mine = await server.graphql(PROGRAM_PUBLISHABLE_KEY, { id: p.programId }, p.session);
  const now = await pages.send('GET', programPath(), { jar });
  expect(text(now.text, 'publishable-key')).toBe(dataOf(mine).program?.publishableKey);
});
