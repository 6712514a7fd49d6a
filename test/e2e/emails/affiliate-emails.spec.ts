/**
 * The emails to affiliates, end to end: caused through the APIs (POST /affiliates, PUT /affiliates, POST /sales,
 * GraphQL markPayoutBatchPaid), sent by the email worker over SMTP_URL to a real SMTP server (smtp-server) and
 * parsed back (mailparser): each has a text and an HTML part with every value escaped, the notification kinds
 * carry RFC 8058's headers, and a one-click unsubscribe turns its kind off.
 */
import { anonymousContext } from '../../../src/modules/service-context';
import { createAffiliate, createProgram, type ProgramFixture } from '../../helpers/factories';
import { useTestServer } from '../../helpers/harness';
import { type MailServer, type ReceivedMessage, startMailServer } from '../../helpers/mail-server';

let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
const server = useTestServer(() => ({ smtpUrl: mail.url, workers: true, publicUrl: 'https://affiliates.example.com' }));
afterAll(() => mail?.close());

const sql = <T = any>(query: string, params: unknown[] = []) => server.runtime.orm.em.fork().getConnection().execute<T[]>(`/* test */ ${query}`, params);
const ctx = () => anonymousContext(server.runtime.orm.em.fork(), server.runtime.log, 'test');
const portalSlugOf = async (p: ProgramFixture) =>
  (await sql<{ portal_slug: string }>('select portal_slug from programs where id = ?', [p.programId]))[0].portal_slug;
const to = (address: string, subject: RegExp) => (m: ReceivedMessage) => m.envelopeTo.includes(address) && subject.test(m.subject);
const kindsSentTo = async (p: ProgramFixture, address: string) =>
  (await sql<{ kind: string }>('select kind from email_outbox where program_id = ? and "to" = ? order by created_at, id', [p.programId, address])).map(
    (r) => r.kind,
  );

/** A sale of `total` credited to the affiliate (POST /sales); the program's default rate makes its commission. */
async function sale(p: ProgramFixture, affiliateId: string, total = 100): Promise<void> {
  const res = await server.api('POST', '/sales', {
    token: p.key,
    body: { referralId: affiliateId, name: 'Buyer', email: `buyer-${Math.random().toString(36).slice(2)}@example.com`, totalEarned: total },
  });
  expect(res.status).toBe(200);
}

/** The unsubscribe link's query of a notification email, from its List-Unsubscribe header. */
function linkOf(m: ReceivedMessage): { a: string; k: string; t: string; url: URL } {
  const url = new URL(/^<(.+)>$/.exec(m.header('List-Unsubscribe') ?? '')![1]);
  return { a: url.searchParams.get('a')!, k: url.searchParams.get('k')!, t: url.searchParams.get('t')!, url };
}

function expectBothParts(m: ReceivedMessage): void {
  expect(m.text.length).toBeGreaterThan(20);
  expect(m.html).toMatch(/^<!doctype html>/i);
  expect(m.html).toContain('name="viewport"');
}

function expectNoUnsubscribeHeaders(m: ReceivedMessage): void {
  expect(m.header('List-Unsubscribe')).toBeUndefined();
  expect(m.header('List-Unsubscribe-Post')).toBeUndefined();
}

describe('welcome', () => {
  test('an active affiliate: its first link to share and the portal, in a text and an HTML part', async () => {
    const p = await createProgram(server, { autoApproveAffiliates: true });
    const a = (await createAffiliate(server, p.key, { affiliateLink: `wel-${p.programId.slice(0, 8)}` })) as any;
    const m = await mail.waitFor(to(a.email, /^Welcome to the /));
    expectBothParts(m);
    const portal = `https://affiliates.example.com/portal/${await portalSlugOf(p)}`;
    for (const part of [m.text, m.html]) {
      expect(part).toContain(`https://shop.example.com?ref=${a.affiliateLinks[0]}`);
      expect(part).toContain(portal);
    }
    expectNoUnsubscribeHeaders(m);
  });

  test('a pending affiliate: the application was received and is under review, no link to share', async () => {
    const p = await createProgram(server, { autoApproveAffiliates: false });
    const a = (await createAffiliate(server, p.key)) as any;
    expect(a.affiliateStatus).toBe('pending');
    const m = await mail.waitFor(to(a.email, /^We received your application to /));
    expectBothParts(m);
    expect(m.text).toContain('under review');
    expect(m.html).toContain('under review');
    expect(m.text).not.toContain('?ref=');
    expectNoUnsubscribeHeaders(m);
  });

  test('names and program names are escaped in the HTML part, plain in the text part', async () => {
    const p = await createProgram(server, { name: 'Tom & <i>Jerry</i>', autoApproveAffiliates: true });
    const a = (await createAffiliate(server, p.key, { firstName: '<b>x</b>' })) as any;
    const m = await mail.waitFor(to(a.email, /^Welcome to the /));
    expect(m.html).toContain('Hi &lt;b&gt;x&lt;/b&gt;,');
    expect(m.html).toContain('Tom &amp; &lt;i&gt;Jerry&lt;/i&gt;');
    expect(m.html).not.toContain('<b>x</b>');
    expect(m.html).not.toContain('<i>Jerry</i>');
    expect(m.text).toContain('Hi <b>x</b>,');
    expect(m.subject).toBe('Welcome to the Tom & <i>Jerry</i> affiliate program');
  });
});

test('approved: PUT /affiliates from pending to active emails the affiliate, once', async () => {
  const p = await createProgram(server, { autoApproveAffiliates: false });
  const a = (await createAffiliate(server, p.key)) as any;
  const res = await server.api('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, affiliateStatus: 'active' } });
  expect(res.status).toBe(200);
  const m = await mail.waitFor(to(a.email, /was approved$/));
  expectBothParts(m);
  expect(m.text).toContain('?ref=');
  expect(m.html).toContain(`/portal/${await portalSlugOf(p)}`);
  expectNoUnsubscribeHeaders(m);
  // Active already: another update does not approve again.
  await server.api('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, affiliateStatus: 'active', firstName: 'Again' } });
  expect((await kindsSentTo(p, a.email)).filter((k) => k === 'affiliate_approved')).toHaveLength(1);
});

test('sign-in link: text and HTML, how long the link works, no unsubscribe headers', async () => {
  const p = await createProgram(server, { autoApproveAffiliates: true });
  const a = (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any;
  const program = (await server.runtime.services.portalAccess.portalProgram(ctx(), await portalSlugOf(p)))!;
  await server.runtime.services.portalAccess.requestSignInLink(ctx(), program, a.email);
  const m = await mail.waitFor(to(a.email, /^Your sign-in link for /));
  expectBothParts(m);
  expect(m.text).toMatch(/works once, for 15 minutes/);
  expect(m.html).toMatch(/href="https:\/\/affiliates\.example\.com\/portal\/[^"]+\/sign-in\/[^"]+"/);
  expectNoUnsubscribeHeaders(m);
});

describe('new commission', () => {
  test('POST /sales emails the affiliate its commission, with one-click unsubscribe headers', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const a = (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any;
    await sale(p, a.id, 125);
    const m = await mail.waitFor(to(a.email, /^New commission: 12\.50 USD from /));
    expectBothParts(m);
    expect(m.text).toContain('12.50 USD');
    expect(m.html).toContain('12.50 USD');
    expect(m.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = linkOf(m);
    expect(link.url.origin + link.url.pathname).toBe(`https://affiliates.example.com/portal/${p.programId}/unsubscribe`);
    expect(link).toMatchObject({ a: a.id, k: 'new_commission', t: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(m.html).toContain(link.url.href.replace(/&/g, '&amp;'));
  });

  test('a zero commission sends nothing', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 0 });
    const a = (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any;
    await sale(p, a.id);
    expect(await kindsSentTo(p, a.email)).toEqual([]);
  });

  test('a wrong token changes nothing; the right one turns the kind off (idempotent) and the next sale sends no email', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const a = (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any;
    await sale(p, a.id);
    const link = linkOf(await mail.waitFor(to(a.email, /^New commission: /)));
    const prefs = server.runtime.services.emailPreferences;
    const program = { id: p.programId };
    const flag = async () => (await sql<{ n: boolean }>('select notify_new_commission as n from affiliates where id = ?', [a.id]))[0].n;

    const flipped = link.t.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const wrong of [
      { ...link, t: flipped },
      { ...link, k: 'payout_sent' },
      { ...link, t: '' },
      { ...link, a: p.programId },
      { a: [link.a], k: link.k, t: link.t },
    ])
      expect(await prefs.unsubscribe(ctx(), program, wrong)).toBe(false);
    const other = await createProgram(server);
    expect(await prefs.unsubscribe(ctx(), { id: other.programId }, link)).toBe(false);
    expect(await flag()).toBe(true);

    expect(await prefs.unsubscribe(ctx(), program, link)).toBe(true);
    expect(await flag()).toBe(false);
    expect(await prefs.unsubscribe(ctx(), program, link)).toBe(true);

    await sale(p, a.id);
    expect(await kindsSentTo(p, a.email)).toEqual(['affiliate_new_commission']);
  });
});

describe('payout sent', () => {
  const BATCH = 'mutation ($ids: [SafeInt!]) { createPayoutBatch(saleIds: $ids) { id } }';
  const PAID = 'mutation ($id: ID!) { markPayoutBatchPaid(id: $id) { id status } }';

  async function payBatch(p: ProgramFixture, saleIds: number[]): Promise<void> {
    const batch = await server.graphql(BATCH, { ids: saleIds }, p.key);
    expect(batch.body.errors).toBeUndefined();
    const paid = await server.graphql(PAID, { id: batch.body.data.createPayoutBatch.id }, p.key);
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.markPayoutBatchPaid.status).toBe('paid');
  }

  const salesOf = async (p: ProgramFixture, affiliateId: string) =>
    (await sql<{ id: string }>('select id from sales where program_id = ? and affiliate_id = ? order by id', [p.programId, affiliateId])).map((r) =>
      Number(r.id),
    );

  test('markPayoutBatchPaid emails each affiliate its amount; unsubscribed, the next payout sends none', async () => {
    const p = await createProgram(server, { defaultCommissionRate: 10 });
    const [a, b] = [
      (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any,
      (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any,
    ];
    await sale(p, a.id, 100);
    await sale(p, a.id, 50);
    await sale(p, b.id, 30);
    await payBatch(p, [...(await salesOf(p, a.id)), ...(await salesOf(p, b.id))]);

    const ma = await mail.waitFor(to(a.email, /sent you a payout of 15\.00 USD$/));
    const mb = await mail.waitFor(to(b.email, /sent you a payout of 3\.00 USD$/));
    expectBothParts(ma);
    expect(ma.text).toContain('15.00 USD for 2 commissions');
    expect(mb.html).toContain('3.00 USD for 1 commission.');
    expect(ma.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = linkOf(ma);
    expect(link.k).toBe('payout_sent');

    expect(await server.runtime.services.emailPreferences.unsubscribe(ctx(), { id: p.programId }, link)).toBe(true);
    const before = await salesOf(p, a.id);
    await sale(p, a.id, 200);
    await payBatch(
      p,
      (await salesOf(p, a.id)).filter((id) => !before.includes(id)),
    );
    // New commissions' emails are made by the notifier's next round (it polls): run it now.
    await server.runtime.notices.runOnce();
    const kinds = await kindsSentTo(p, a.email);
    expect(kinds.filter((k) => k === 'affiliate_payout_sent')).toHaveLength(1);
    // The other kind is still on: one email for each of the three sales.
    expect(kinds.filter((k) => k === 'affiliate_new_commission')).toHaveLength(3);
  });
});

describe('preferences in the portal', () => {
  test("a portal session sets its own affiliate's preferences; other callers are refused", async () => {
    const p = await createProgram(server);
    const a = (await createAffiliate(server, p.key, { sendWelcomeEmail: false })) as any;
    const program = (await server.runtime.services.portalAccess.portalProgram(ctx(), await portalSlugOf(p)))!;
    const prefs = server.runtime.services.emailPreferences;
    const portal = { ...ctx(), actor: { kind: 'portal' as const, credentialId: 'test', programId: p.programId, program, affiliateId: a.id } };
    expect(await prefs.preferences(portal)).toEqual({ newCommission: true, payoutSent: true });
    expect(await prefs.setPreferences(portal, { newCommission: false, payoutSent: true })).toEqual({ newCommission: false, payoutSent: true });
    expect(await prefs.setPreferences(portal, { payoutSent: false })).toEqual({ newCommission: false, payoutSent: false });
    expect(await prefs.setPreferences(portal, { newCommission: true })).toEqual({ newCommission: true, payoutSent: false });
    const visitor = server.runtime.services.portalAccess.visitor(ctx(), program);
    await expect(prefs.setPreferences(visitor, { newCommission: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(prefs.setPreferences(ctx(), { newCommission: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await prefs.preferences(portal)).toEqual({ newCommission: true, payoutSent: false });
  });
});
