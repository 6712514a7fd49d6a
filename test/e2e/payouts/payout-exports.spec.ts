/**
 * GET /api/v1/payout-batches/{id}/export?format=paypal|wise (DESIGN.md "Payouts", export files), byte for byte:
 * PayPal Payouts' upload format (no header, `email,amount,currency,reference,note,PAYPAL`) and Wise's batch template
 * for payments by email, UTF-8 without a byte-order mark, CRLF line ends, amounts rounded half-up in major units, one
 * row per payout of that method still processing, in the batch's currency (whatever the program's became), and every
 * text cell safe from spreadsheet formulas; the headers of
 * a download; the refusals (400, 404, 404 with Allow); and the payout emails refused at PUT /affiliates.
 */
import { randomUUID } from 'node:crypto';
import { expectError, expectValidation, testNoServerErrors } from '../../helpers/assertions';
import { useTestServer } from '../../helpers/harness';
import { MANUAL, PAYPAL, payoutClient, STRIPE, WISE, type RestBatch, type RestPayout } from '../../helpers/payouts';
import type { ProgramFixture } from '../../helpers/factories';
import { PortalVisitor } from '../../helpers/portal-client';

const server = useTestServer();
const pay = payoutClient(() => server);
const { seen } = pay;

const WISE_HEADER = 'name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency\r\n';
const hex = (id: string) => id.replace(/-/g, '');
const paypalRef = (x: RestPayout) => `po_${hex(x.id).slice(-27)}`;
const wiseRef = (x: RestPayout) => `AFF${hex(x.id).slice(-7).toUpperCase()}`;

/** The export's raw bytes and headers (fetch's text() would hide a byte-order mark). */
async function download(p: ProgramFixture, id: string, format: string, method = 'GET') {
  const res = await fetch(`${server.url}/api/v1/payout-batches/${id}/export?format=${format}`, { method, headers: { authorization: `Bearer ${p.key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Asserts the export of `format` is exactly `expected` (UTF-8), through the checked client and byte for byte. */
async function expectFile(p: ProgramFixture, batchId: string, format: 'paypal' | 'wise', expected: string) {
  const res = await pay.exportFile(p, batchId, format);
  expect(res.status).toBe(200);
  expect(res.text).toBe(expected);
  const raw = await download(p, batchId, format);
  expect(raw.bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  expect({
    type: raw.headers.get('content-type'),
    disposition: raw.headers.get('content-disposition'),
    cache: raw.headers.get('cache-control'),
  }).toEqual({ type: 'text/csv; charset=utf-8', disposition: `attachment; filename="payout-batch-${batchId}-${format}.csv"`, cache: 'no-store' });
  const viaGraphql = await pay.gqlData(
    p,
    'query($id: ID!, $f: PayoutExportFormat!) { payoutBatchExport(id: $id, format: $f) { filename contentType content } }',
    {
      id: batchId,
      f: format,
    },
  );
  expect(viaGraphql.payoutBatchExport).toEqual({
    filename: `payout-batch-${batchId}-${format}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: expected,
  });
}

describe('one batch of every method, with awkward names and amounts', () => {
  let p: ProgramFixture;
  let b: RestBatch;
  const who: Record<string, { id: string }> = {};
  const NAME = 'Acme, "Best" Shop';
  const NOTE = '"Affiliate commissions from Acme, ""Best"" Shop"';
  beforeAll(async () => {
    p = await pay.program({ name: NAME });
    const plan: Array<[string, Parameters<typeof pay.payee>[1], Record<string, unknown>, number]> = [
      ['pp1', PAYPAL('pp.one@example.com'), {}, 12.345], // 12.35 (half-up)
      ['pp2', PAYPAL('pp.two+tag@example.com'), {}, 100], // 100.00
      ['pp3', PAYPAL('pp.three@example.com'), {}, 0.5], // 0.50
      ['formula', WISE('formula@example.com'), { firstName: '=HYPERLINK("x")', lastName: 'Smith' }, 7.004], // 7.00
      ['at', WISE('at@example.com'), { firstName: '@SUM(A1)', lastName: 'Jones, Jr.' }, 1234.5678], // 1234.57
      ['plus', WISE('plus@example.com'), { firstName: '+1', lastName: 'Minus-' }, 3],
      ['unicode', WISE('zoe@example.com'), { firstName: 'Zoë', lastName: 'Ünïcødé 日本' }, 9.995], // 10.00
      ['manual', MANUAL, {}, 5],
      ['stripe', STRIPE('acct_Export1'), {}, 6],
    ];
    for (const [key, details, body, commission] of plan) {
      who[key] = await pay.payee(p, details, body);
      await pay.sale(p, who[key].id, 100, commission);
    }
    b = await pay.batch(p);
  });
  const payout = (key: string) => pay.payoutOf(b, who[key].id);
  /** The batch's payouts of these affiliates, in the batch's (creation) order. */
  const inOrder = (...keys: string[]) => b.payouts.filter((x) => keys.some((k) => who[k].id === x.affiliateId));

  test('paypal: no header, one row per PayPal payout, CRLF, the note quoted, no byte-order mark', async () => {
    const amounts: Record<string, string> = { [who.pp1.id]: '12.35', [who.pp2.id]: '100.00', [who.pp3.id]: '0.50' };
    const expected = inOrder('pp1', 'pp2', 'pp3')
      .map((x) => `${x.destination},${amounts[x.affiliateId!]},USD,${paypalRef(x)},${NOTE},PAYPAL\r\n`)
      .join('');
    expect(expected.split('\r\n')).toHaveLength(4);
    expect(paypalRef(payout('pp1'))).toMatch(/^po_[0-9a-f]{27}$/);
    await expectFile(p, b.id, 'paypal', expected);
  });

  test('wise: the template header, then one row per Wise payout, formulas neutralised with a leading quote', async () => {
    const rows: Record<string, string> = {
      [who.formula.id]: `"'=HYPERLINK(""x"") Smith",formula@example.com,${wiseRef(payout('formula'))},PRIVATE,USD,7.00,USD,USD\r\n`,
      [who.at.id]: `"'@SUM(A1) Jones, Jr.",at@example.com,${wiseRef(payout('at'))},PRIVATE,USD,1234.57,USD,USD\r\n`,
      [who.plus.id]: `'+1 Minus-,plus@example.com,${wiseRef(payout('plus'))},PRIVATE,USD,3.00,USD,USD\r\n`,
      [who.unicode.id]: `Zoë Ünïcødé 日本,zoe@example.com,${wiseRef(payout('unicode'))},PRIVATE,USD,10.00,USD,USD\r\n`,
    };
    const expected =
      WISE_HEADER +
      inOrder('formula', 'at', 'plus', 'unicode')
        .map((x) => rows[x.affiliateId!])
        .join('');
    expect(wiseRef(payout('at'))).toMatch(/^AFF[0-9A-F]{7}$/);
    await expectFile(p, b.id, 'wise', expected);
  });

  test('HEAD answers the headers of the download and no body', async () => {
    const get = await download(p, b.id, 'paypal');
    const head = await download(p, b.id, 'paypal', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const h of ['content-type', 'content-disposition', 'cache-control', 'content-length'])
      expect({ h, v: head.headers.get(h) }).toEqual({ h, v: get.headers.get(h) });
    expect(Number(get.headers.get('content-length'))).toBe(get.bytes.length);
  });

  test('POST on the export path: 404 with Allow: GET', async () => {
    const res = await pay.call('POST', `/payout-batches/${b.id}/export`, { token: p.key, body: {}, query: { format: 'paypal' } });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.headers.get('allow')?.split(/,\s*/)).toContain('GET');
    expect(res.headers.get('allow')?.split(/,\s*/)).not.toContain('POST');
  });

  test('a payout paid or failed leaves the file; once no PayPal payout waits, 400', async () => {
    await pay.markPaid(p, payout('pp2').id, { reference: 'PP-B1' });
    await pay.markFailed(p, payout('pp3').id, 'Unclaimed');
    const x = payout('pp1');
    await expectFile(p, b.id, 'paypal', `pp.one@example.com,12.35,USD,${paypalRef(x)},${NOTE},PAYPAL\r\n`);
    await pay.markPaid(p, x.id);
    expectValidation(await pay.exportFile(p, b.id, 'paypal'), 'format');
    // The Wise file is as it was.
    expect((await pay.exportFile(p, b.id, 'wise')).text.split('\r\n')).toHaveLength(6);
  });

  test.each([
    ['no format', undefined],
    ['an unknown format', 'csv'],
    ['a format in capitals', 'PAYPAL'],
    ['an empty format', ''],
    ['stripe_connect (no file)', 'stripe_connect'],
    ['manual (no file)', 'manual'],
  ])('%s: 400 VALIDATION_FAILED', async (_what, format) => {
    expectValidation(await pay.exportFile(p, b.id, format), 'format');
  });

  test('an unknown, malformed or other kind of id: 404', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', payout('pp1').id]) expectError(await pay.exportFile(p, id, 'paypal'), 404, 'NOT_FOUND');
  });

  test("another program's batch: 404, for its own key it still works", async () => {
    const q = await pay.program();
    const a = await pay.payee(q, PAYPAL('q@example.com'));
    await pay.sale(q, a.id, 100);
    const qb = await pay.batch(q);
    expectError(await pay.exportFile(p, qb.id, 'paypal'), 404, 'NOT_FOUND');
    expect((await download(p, qb.id, 'paypal', 'HEAD')).status).toBe(404);
    expect((await pay.exportFile(q, qb.id, 'paypal')).status).toBe(200);
  });
});

describe('other currencies: amounts in major units with the minor unit digits', () => {
  test('JPY: whole yen, no decimals', async () => {
    const p = await pay.program({ currency: 'JPY' });
    const a = await pay.payee(p, PAYPAL('yen@example.com'));
    await pay.sale(p, a.id, 12345); // 10 %: 1234.5 → 1235
    await pay.sale(p, a.id, 10000); // 1000
    const b = await pay.batch(p);
    expect(b).toMatchObject({ currency: 'JPY', total: 2235 });
    const name = (await pay.gqlData(p, '{ program { name } }')).program.name;
    await expectFile(p, b.id, 'paypal', `yen@example.com,2235,JPY,${paypalRef(b.payouts[0])},Affiliate commissions from ${name},PAYPAL\r\n`);
  });

  test('KWD: three decimals', async () => {
    const p = await pay.program({ currency: 'KWD' });
    const a = await pay.payee(p, WISE('dinar@example.com'), { firstName: 'Dana', lastName: 'Dinar' });
    await pay.sale(p, a.id, 10, 1.2345); // 1.235 (half-up at 3 decimals)
    const b = await pay.batch(p);
    await expectFile(p, b.id, 'wise', `${WISE_HEADER}Dana Dinar,dinar@example.com,${wiseRef(b.payouts[0])},PRIVATE,KWD,1.235,KWD,KWD\r\n`);
  });
});

describe("the batch's currency, not the program's", () => {
  test('a program whose currency changed after the batch was made still exports the batch, in its currency and digits', async () => {
    const p = await pay.program({ currency: 'KWD' });
    const a = await pay.payee(p, PAYPAL('kwd@example.com'));
    const w = await pay.payee(p, WISE('kwd-wise@example.com'), { firstName: 'Kay', lastName: 'Dee' });
    await pay.sale(p, a.id, 10, 1.2345); // 1.235
    await pay.sale(p, w.id, 10, 2.5); // 2.500
    const b = await pay.batch(p);
    expect(b).toMatchObject({ currency: 'KWD', total: 3.735 });
    const changed = await pay.updateProgram(p, { currency: 'JPY' });
    expect(changed.body.data?.updateProgram.currency).toBe('JPY');
    expect(await pay.readBatch(p, b.id)).toEqual(b);
    const name = (await pay.gqlData(p, '{ program { name } }')).program.name;
    const [pa, pw] = [pay.payoutOf(b, a.id), pay.payoutOf(b, w.id)];
    await expectFile(p, b.id, 'paypal', `kwd@example.com,1.235,KWD,${paypalRef(pa)},Affiliate commissions from ${name},PAYPAL\r\n`);
    await expectFile(p, b.id, 'wise', `${WISE_HEADER}Kay Dee,kwd-wise@example.com,${wiseRef(pw)},PRIVATE,KWD,2.500,KWD,KWD\r\n`);
  });
});

describe('payout emails a spreadsheet would take for a formula are refused at PUT /affiliates', () => {
  test.each(['=cmd@example.com', '+1@example.com', '-x@example.com', '@x@example.com'])('%s: 400 naming payoutEmail, nothing changes', async (payoutEmail) => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('kept@example.com'));
    for (const payoutMethod of ['paypal', 'wise'])
      expectValidation(await pay.call('PUT', '/affiliates', { token: p.key, body: { affiliateId: a.id, payoutMethod, payoutEmail } }), 'payoutEmail');
    await pay.sale(p, a.id, 10);
    const b = await pay.batch(p);
    expect(b.payouts[0]).toMatchObject({ method: 'paypal', destination: 'kept@example.com' });
  });

  test('the portal refuses them too, next to the field, and keeps the details', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('portal-kept@example.com'));
    const link = await pay.call('POST', '/affiliate-portal-links', { token: p.key, body: { affiliateId: a.id } });
    const path = new URL(link.body.url).pathname;
    const base = path.replace(/\/sign-in\/[^/]+$/, '');
    const v = new PortalVisitor(() => server);
    expect((await v.get(path)).status).toBe(303);
    const res = await v.submit(`${base}/settings`, `${base}/settings/payout`, { payoutMethod: 'wise', payoutEmail: '=cmd@example.com', stripeAccountId: '' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('aria-invalid="true"');
    await pay.sale(p, a.id, 10);
    expect((await pay.batch(p)).payouts[0]).toMatchObject({ method: 'paypal', destination: 'portal-kept@example.com' });
  });

  test('an email with such a character inside it is fine', async () => {
    const p = await pay.program();
    const a = await pay.payee(p, PAYPAL('a+b=c-d@example.com'));
    await pay.sale(p, a.id, 10);
    const b = await pay.batch(p);
    const name = (await pay.gqlData(p, '{ program { name } }')).program.name;
    await expectFile(p, b.id, 'paypal', `a+b=c-d@example.com,1.00,USD,${paypalRef(b.payouts[0])},Affiliate commissions from ${name},PAYPAL\r\n`);
  });
});

testNoServerErrors(seen);
