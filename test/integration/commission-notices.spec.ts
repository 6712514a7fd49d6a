/**
 * "New commission" emails are made off the path of POST /sales: the commission's insert leaves a notice (no
 * statement of its own), and the notifier turns notices into outbox emails, each once, in the transaction that
 * deletes them. An affiliate that turned the emails off, or a zero commission, leaves no notice.
 */
import { useProgramFixture } from '../helpers/harness';
import { restClient } from '../helpers/rest-client';

const { server, program: p, createAffiliate } = useProgramFixture({}, { defaultCommissionRate: 10 });
const api = restClient(() => server);

const notices = () => api.count('select count(*) as n from commission_notices where program_id = ?', [p.programId]);
const commissionEmails = async (to: string) => (await api.emailsOf(p.programId)).filter((e) => e.kind === 'affiliate_new_commission' && e.to === to);

test('a sale leaves a notice, and the notifier makes its one email', async () => {
  const a = await createAffiliate({ sendWelcomeEmail: false });
  await api.saleFor(p, a.id, { totalEarned: 80 });
  expect(await notices()).toBe(1);
  expect(await commissionEmails(a.email)).toEqual([]);
  expect(await server.runtime.notices.runOnce()).toBe(1);
  const [email] = await commissionEmails(a.email);
  expect(email.subject).toMatch(/^New commission: 8\.00 USD from /);
  expect(await notices()).toBe(0);
  // Told once: nothing left for a second round.
  expect(await server.runtime.notices.runOnce()).toBe(0);
  expect(await commissionEmails(a.email)).toHaveLength(1);
});

test('no notice when the affiliate turned the emails off, or the commission is zero', async () => {
  const off = await createAffiliate({ sendWelcomeEmail: false });
  await api.sql('update affiliates set notify_new_commission = false where program_id = ? and id = ?', [p.programId, off.id]);
  await api.saleFor(p, off.id);
  const zero = await createAffiliate({ sendWelcomeEmail: false, commissionRate: 0 });
  await api.saleFor(p, zero.id);
  expect(await notices()).toBe(0);
});

test('a commission reversed before its email is made sends nothing', async () => {
  const a = await createAffiliate({ sendWelcomeEmail: false });
  const sale = await api.saleFor(p, a.id, { totalEarned: 50 });
  const refund = await server.api('PATCH', '/sales', { token: p.key, body: { saleId: sale.id } });
  expect(refund.status).toBeLessThan(300);
  await server.runtime.notices.runOnce();
  expect(await commissionEmails(a.email)).toEqual([]);
  expect(await notices()).toBe(0);
});
