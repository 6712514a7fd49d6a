/**
 * What settling payouts tells others (DESIGN.md "Events and webhooks", "Emails", "The affiliates' own portal"):
 * payout_batch.created, payout.paid, payout.failed and payout_batch.paid in the event log (GET /api/v1/events?type=),
 * each with `data` the resource as REST shows it (each payout with its affiliate and its commissions as
 * commission.approved carried them, in their state then), and delivered signed to a subscribed endpoint; the affiliate's
 * "payout sent" email per paid payout (none for a failed or waiting one, none once turned off in the portal); and
 * the portal's payouts page.
 */
import { testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { PortalVisitor } from '../../helpers/portal-client';
import { MANUAL, PAYPAL, payoutClient, refOf, STRIPE, WISE, type RestBatch, type RestPayout } from '../../helpers/payouts';
import { startHook, verify, webhookClient } from '../../helpers/webhooks';
import type { ProgramFixture } from '../../helpers/factories';

const server = useTestServer({ trustProxy: 'loopback' });
const pay = payoutClient(() => server);
const hooks = webhookClient(() => server);
const { seen } = pay;

const payoutEmails = async (p: ProgramFixture) => (await pay.emailsOf(p.programId)).filter((m) => m.kind === 'affiliate_payout_sent');
const programName = async (p: ProgramFixture): Promise<string> => (await pay.gqlData(p, '{ program { name } }')).program.name;

/** The affiliate signed in to its portal through an embedding link (POST /affiliate-portal-links). */
async function portalOf(p: ProgramFixture, affiliateId: string): Promise<{ v: PortalVisitor; base: string }> {
  const link = await pay.call('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId } });
  expect(link.status).toBe(201);
  const path = new URL(link.body.url).pathname;
  const v = new PortalVisitor(() => server);
  const signedIn = await v.get(path);
  expect(signedIn.status).toBe(303);
  return { v, base: path.replace(/\/sign-in\/[^/]+$/, '') };
}

describe('events', () => {
  let p: ProgramFixture;
  let created: RestBatch;
  let who: Record<'paypal' | 'wise' | 'stripe', { id: string }>;
  beforeAll(async () => {
    p = await pay.program();
    who = { paypal: await pay.payee(p, PAYPAL()), wise: await pay.payee(p, WISE()), stripe: await pay.payee(p, STRIPE()) };
    for (const a of Object.values(who)) await pay.sale(p, a.id, 120);
    const res = await pay.createBatch(p, {});
    expect(res.status).toBe(201);
    created = res.body;
  });

  test('payout_batch.created: once, its data the batch as POST /payout-batches answered it, payouts included', async () => {
    const events = await pay.eventsOf(p, 'payout_batch.created');
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'payout_batch.created',
      createdAt: expect.any(String),
      programId: p.programId,
      data: created,
      deliveries: [],
    });
    expect(events[0].data.payouts).toHaveLength(3);
  });

  test('payout.failed: once, its data the failed payout as REST shows it; nothing else fires', async () => {
    const failed = await pay.markFailed(p, pay.payoutOf(created, who.wise.id).id, 'Wise: recipient email bounced');
    expect(failed.status).toBe(200);
    await pay.markFailed(p, failed.body.id, 'again');
    const events = await pay.eventsOf(p, 'payout.failed');
    expect(events.map((e) => e.data)).toEqual([failed.body]);
    expect(await pay.listPayouts(p, { status: 'failed' })).toEqual([failed.body]);
    expect(await pay.eventsOf(p, 'payout.paid')).toEqual([]);
    expect(await pay.eventsOf(p, 'payout_batch.paid')).toEqual([]);
  });

  test('payout.paid for each payout paid (the PayPal one by the batch, the Stripe one by hand), then payout_batch.paid once', async () => {
    const batchPaid = await pay.markBatchPaid(p, created.id, { reference: 'PP-77' });
    expect(batchPaid.body.status).toBe('open');
    let paid = await pay.eventsOf(p, 'payout.paid');
    expect(paid.map((e) => e.data)).toEqual([pay.payoutOf(batchPaid.body, who.paypal.id)]);
    expect(paid[0].data).toMatchObject({ status: 'paid', reference: 'PP-77', method: 'paypal' });
    expect(await pay.eventsOf(p, 'payout_batch.paid')).toEqual([]);

    const stripe = await pay.markPaid(p, pay.payoutOf(created, who.stripe.id).id, { reference: 'tr_hand' });
    await pay.markPaid(p, stripe.body.id, { reference: 'tr_hand' });
    await pay.markBatchPaid(p, created.id);
    paid = await pay.eventsOf(p, 'payout.paid');
    expect(paid.map((e) => e.data.id)).toEqual([pay.payoutOf(batchPaid.body, who.paypal.id).id, stripe.body.id]);
    expect(paid[1].data).toEqual(stripe.body);
    const settled = await pay.readBatch(p, created.id);
    const batchEvents = await pay.eventsOf(p, 'payout_batch.paid');
    expect(batchEvents.map((e) => e.data)).toEqual([settled]);
    expect(settled.payouts.map((x) => x.status).sort()).toEqual(['failed', 'paid', 'paid']);
    // The data of each payout.paid is the payout as GET /payouts shows it now.
    for (const e of paid) expect(e.data).toEqual((await pay.listPayouts(p, { batchId: created.id })).find((x) => x.id === e.data.id));
  });

  test('a batch whose payouts all failed fires no payout_batch.paid', async () => {
    const q = await pay.program();
    const a = await pay.payee(q, MANUAL);
    await pay.sale(q, a.id, 10);
    const b = await pay.batch(q);
    await pay.markFailed(q, b.payouts[0].id, 'cancelled');
    expect((await pay.readBatch(q, b.id)).status).toBe('failed');
    expect(await pay.eventsOf(q, 'payout_batch.paid')).toEqual([]);
    expect(await pay.eventsOf(q, 'payout.failed')).toHaveLength(1);
  });

  test('five concurrent mark-paid of one batch: one payout.paid per payout, one payout_batch.paid, one email each', async () => {
    const q = await pay.program();
    const payees = [await pay.payee(q, PAYPAL()), await pay.payee(q, WISE()), await pay.payee(q, MANUAL)];
    for (const a of payees) await pay.sale(q, a.id, 100);
    const b = await pay.batch(q);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => pay.markBatchPaid(q, b.id, { reference: `R-${i}` })));
    for (const r of answers) expect(r.status).toBe(200);
    const settled = await pay.readBatch(q, b.id);
    for (const r of answers) expect(r.body).toEqual(settled);
    expect(new Set(settled.payouts.map((x) => x.reference)).size).toBe(1);
    expect((await pay.eventsOf(q, 'payout.paid')).map((e) => e.data.id).sort()).toEqual(b.payouts.map((x) => x.id).sort());
    expect(await pay.eventsOf(q, 'payout_batch.paid')).toHaveLength(1);
    expect((await payoutEmails(q)).map((m) => m.to).sort()).toEqual(payees.map((a) => a.email).sort());
  });
});

describe('what the payout events carry: the affiliate and the commissions', () => {
  test('each payout names its affiliate and lists its commissions, oldest first, as commission.approved carried them, in their state then', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL(), { firstName: 'Ada', lastName: 'Byron' });
    const f = await pay.payee(p, WISE(), { firstName: 'Fay', lastName: 'Lure' });
    const aSales = [(await pay.sale(p, a.id, 100)).id, (await pay.sale(p, a.id, 40)).id, (await pay.sale(p, a.id, 7)).id];
    const fSale = (await pay.sale(p, f.id, 60)).id;
    const approved = Object.fromEntries((await pay.eventsOf(p, 'commission.approved')).map((e) => [e.data.saleId, e.data]));
    expect(Object.keys(approved).map(Number).sort()).toEqual([...aSales, fSale].sort());
    const b = await pay.batch(p);
    const of = (batch: RestBatch, who: { id: string }) => batch.payouts.find((x: RestPayout) => x.affiliateId === who.id)!;

    const [created] = await pay.eventsOf(p, 'payout_batch.created');
    const named = (x: RestPayout) => ({ affiliate: x.affiliate, commissions: x.commissions });
    expect(named(of(created.data, a))).toEqual({ affiliate: refOf(a), commissions: aSales.map((id) => ({ ...approved[id], payoutBatchId: b.id })) });
    expect(named(of(created.data, f))).toEqual({ affiliate: refOf(f), commissions: [{ ...approved[fSale], payoutBatchId: b.id }] });
    expect(refOf(a)).toEqual({ id: a.id, firstName: 'Ada', lastName: 'Byron', email: a.email });

    // Failed: the commission it freed, out of the batch again (as it was approved).
    await pay.markFailed(p, of(b, f).id, 'bounced');
    const [failed] = await pay.eventsOf(p, 'payout.failed');
    expect(failed.data).toMatchObject({ id: of(b, f).id, affiliateId: f.id, status: 'failed' });
    expect(named(failed.data)).toEqual({ affiliate: refOf(f), commissions: [approved[fSale]] });

    // Paid: its commissions paid with it.
    await pay.markBatchPaid(p, b.id, { reference: 'PP-9' });
    const [paid] = await pay.eventsOf(p, 'payout.paid');
    expect(paid.data).toMatchObject({ id: of(b, a).id, status: 'paid' });
    expect(named(paid.data)).toEqual({
      affiliate: refOf(a),
      commissions: aSales.map((id) => ({ ...approved[id], payoutBatchId: b.id, status: 'paid', paidAt: paid.data.paidAt })),
    });
    const [settled] = await pay.eventsOf(p, 'payout_batch.paid');
    expect(settled.data.payouts).toEqual(b.payouts.map((x) => (x.id === paid.data.id ? paid.data : failed.data)));
    expect(settled.data).toEqual(await pay.readBatch(p, b.id));
  });
});

describe('webhooks', () => {
  test('an endpoint subscribed to payout.paid and payout.failed gets them signed, with the payout as data', async () => {
    const hook = await startHook();
    try {
      const p = await pay.program();
      const endpoint = await hooks.register(p, `${hook.url}/payouts`, { events: ['payout.paid', 'payout.failed'] });
      const a = await pay.payee(p, PAYPAL());
      const c = await pay.payee(p, MANUAL);
      await pay.sale(p, a.id, 100);
      await pay.sale(p, c.id, 100);
      const b = await pay.batch(p);
      const failed = (await pay.markFailed(p, pay.payoutOf(b, c.id).id, 'refused')).body;
      const paid = (await pay.markPaid(p, pay.payoutOf(b, a.id).id, { reference: 'ref-1' })).body;
      await hooks.drain();
      const hits = hook.hits.filter((h) => h.json?.programId === p.programId);
      expect(hits.map((h) => h.json.type).sort()).toEqual(['payout.failed', 'payout.paid']);
      for (const h of hits) expect(verify(endpoint.secret, h).type).toBe(h.json.type);
      expect(hits.find((h) => h.json.type === 'payout.paid')!.json.data).toEqual(paid);
      expect(hits.find((h) => h.json.type === 'payout.failed')!.json.data).toEqual(failed);
      expect([paid.affiliate, failed.affiliate]).toEqual([refOf(a), refOf(c)]);
      expect([paid.commissions.map((x: any) => x.status), failed.commissions.map((x: any) => x.payoutBatchId)]).toEqual([['paid'], [null]]);
    } finally {
      await hook.close();
    }
  });
});

describe('the payout-sent email', () => {
  test('one per paid payout, to the affiliate (not the payout address), with the amount and count; none for a failed or waiting one', async () => {
    const p = await pay.program();
    const name = await programName(p);
    const a = await pay.payee(p, PAYPAL('a-paypal@example.com'));
    const failing = await pay.payee(p, WISE());
    const waiting = await pay.payee(p, STRIPE());
    await pay.sale(p, a.id, 100);
    await pay.sale(p, a.id, 50);
    await pay.sale(p, failing.id, 10);
    await pay.sale(p, waiting.id, 10);
    const b = await pay.batch(p);
    expect(await payoutEmails(p)).toEqual([]);
    await pay.markFailed(p, pay.payoutOf(b, failing.id).id, 'bounced');
    await pay.markBatchPaid(p, b.id);
    const sent = await payoutEmails(p);
    expect(sent.map((m) => ({ to: m.to, subject: m.subject }))).toEqual([{ to: a.email, subject: `${name} sent you a payout of 15.00 USD` }]);
    expect(sent[0].text).toContain('15.00 USD for 2 commissions');
    expect(sent[0].text).not.toContain('a-paypal@example.com');

    // The Stripe payout, paid by hand later, sends its own.
    await pay.markPaid(p, pay.payoutOf(b, waiting.id).id, { reference: 'tr_1' });
    const after = await payoutEmails(p);
    expect(after.map((m) => [m.to, m.subject])).toEqual([
      [a.email, `${name} sent you a payout of 15.00 USD`],
      [waiting.email, `${name} sent you a payout of 1.00 USD`],
    ]);
    expect(after[1].text).toContain('1.00 USD for 1 commission.');
    // Repeats send nothing more.
    await pay.markBatchPaid(p, b.id);
    await pay.markPaid(p, pay.payoutOf(b, waiting.id).id);
    expect(await payoutEmails(p)).toHaveLength(2);
  });

  test('none when the affiliate turned "a payout is sent to me" off in the portal', async () => {
    const p = await pay.program();
    const quiet = await pay.payee(p, MANUAL);
    const loud = await pay.payee(p, MANUAL);
    const { v, base } = await portalOf(p, quiet.id);
    const saved = await v.submit(`${base}/settings`, `${base}/settings/emails`, { newCommission: 'yes' });
    expect(saved.status).toBe(303);
    expect((await v.get(`${base}/settings`)).html).toContain('<input type="checkbox" name="payoutSent" value="yes"> A payout is sent to me');
    await pay.sale(p, quiet.id, 100);
    await pay.sale(p, loud.id, 100);
    const b = await pay.batch(p);
    expect((await pay.markBatchPaid(p, b.id)).body.status).toBe('paid');
    expect((await payoutEmails(p)).map((m) => m.to)).toEqual([loud.email]);
  });
});

describe('the portal’s payouts page', () => {
  test('shows the affiliate its own payouts with method, amount and status, newest first; nobody else’s', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL());
    const other = await pay.payee(p, WISE());
    await pay.sale(p, a.id, 123.4); // 12.34
    await pay.sale(p, other.id, 777.7); // 77.77
    const first = await pay.batch(p);
    const { v, base } = await portalOf(p, a.id);
    let page = await v.get(`${base}/payouts`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<td>\$12\.34<\/td><td>PayPal<\/td><td>1<\/td><td>Processing<\/td>/);
    expect(page.html).not.toContain('$77.77');

    await pay.markBatchPaid(p, first.id);
    await pay.setDetails(p, a.id, { payoutMethod: 'stripe_connect', stripeAccountId: 'acct_Portal1' });
    await pay.sale(p, a.id, 50);
    await pay.sale(p, a.id, 50);
    const second = await pay.batch(p);
    page = await v.get(`${base}/payouts`);
    const rows = [...page.html.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) =>
      m.slice(1),
    );
    expect(rows).toEqual([
      ['$10.00', 'Stripe', '2', 'Scheduled'],
      ['$12.34', 'PayPal', '1', expect.stringMatching(/^Paid \d{4}-\d\d-\d\d$/)],
    ]);
    await pay.markFailed(p, second.payouts[0].id, 'account closed');
    page = await v.get(`${base}/payouts`);
    expect(page.html).toContain('<td>$10.00</td><td>Stripe</td><td>2</td><td>Not paid: its commissions go into a later payout</td>');
    expect(page.html).not.toContain('acct_Portal1');
  });
});

testNoServerErrors(seen);
