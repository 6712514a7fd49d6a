/** The emails' wording and parts (pure functions of src/modules/emails): text, escaped HTML, notification headers, unsubscribe tokens. */
import { escapeHtml, renderHtml, renderText } from '../../src/modules/emails/email-render';
import {
  adminNewAffiliateEmail,
  affiliateApprovedEmail,
  affiliateNewCommissionEmail,
  affiliatePayoutSentEmail,
  affiliateWelcomeEmail,
  type EmailContent,
  type EmailLinks,
  formatMoney,
  payoutDetailsChangedEmail,
  portalSignInEmail,
  webhookEndpointDisabledEmail,
} from '../../src/modules/emails/email.templates';
import { newCommissionNotification, type NotifiedAffiliate, payoutSentNotification } from '../../src/modules/emails/notifications';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl, validUnsubscribeToken } from '../../src/modules/emails/unsubscribe';

const program = { name: 'Tom & <i>Jerry</i>' };
const active = { firstName: '<b>x</b>', lastName: 'O\'Brien "Q"', email: 'x@example.com', affiliateStatus: 'active' };
const pending = { ...active, affiliateStatus: 'pending' };
const PORTAL = 'https://affiliates.example.com/portal/tom-jerry';
const UNSUB = `${PORTAL}/unsubscribe?a=1&k=new_commission&t=00`;
const links: EmailLinks = {
  portalUrl: (p) => `https://affiliates.example.com/portal/${p.portalSlug}`,
  unsubscribeBase: (programId) => `https://affiliates.example.com/portal/${programId}`,
  dashboardUrl: 'https://affiliates.example.com/dashboard',
};

const every: Array<[string, EmailContent]> = [
  ['admin', adminNewAffiliateEmail(program, 'owner@example.com', pending, 'x-link', links.dashboardUrl)],
  ['welcome active', affiliateWelcomeEmail(program, active, ['https://shop.example.com?ref=x'], 'x', { portalUrl: PORTAL })],
  ['welcome pending', affiliateWelcomeEmail(program, pending, [], 'x', { portalUrl: PORTAL, signInUrl: `${PORTAL}/sign-in/abc`, signInMinutes: 15 })],
  ['approved', affiliateApprovedEmail(program, active, ['https://shop.example.com?ref=x'], 'x', PORTAL)],
  ['sign-in', portalSignInEmail(program, active, `${PORTAL}/sign-in/abc`, 15)],
  ['payout details', payoutDetailsChangedEmail(program, active, PORTAL)],
  [
    'commission',
    affiliateNewCommissionEmail(
      program,
      active,
      { amount: '12.5', currency: 'USD', status: 'approved', holdUntil: null },
      { portalUrl: PORTAL, unsubscribeUrl: UNSUB },
    ),
  ],
  ['payout', affiliatePayoutSentEmail(program, active, { amount: '30', currency: 'EUR', commissions: 3 }, { portalUrl: PORTAL, unsubscribeUrl: UNSUB })],
  ['webhook', webhookEndpointDisabledEmail(program, 'owner@example.com', 'https://hooks.example.com/in?a=1&b=2')],
];

describe('every email', () => {
  test.each(every)('%s: a text part and an HTML document of the layout', (_name, e) => {
    expect(e.subject.length).toBeGreaterThan(5);
    expect(e.text).not.toContain('&lt;');
    expect(e.html).toMatch(/^<!doctype html>/i);
    expect(e.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(e.html).not.toMatch(/\{\{\w+\}\}/);
  });

  test.each(every)('%s: the program and names are escaped in the HTML, never markup', (_name, e) => {
    expect(e.html).toContain('Tom &amp; &lt;i&gt;Jerry&lt;/i&gt;');
    expect(e.html).not.toContain('<i>Jerry</i>');
    expect(e.html).not.toContain('<b>x</b>');
    expect(e.html).not.toContain('"Q"');
    expect(e.html).toContain(`<title>${escapeHtml(e.subject)}</title>`);
  });

  test('only the notification kinds carry the unsubscribe headers', () => {
    const withHeaders = every.filter(([, e]) => e.headers).map(([name]) => name);
    expect(withHeaders).toEqual(['commission', 'payout']);
    for (const [, e] of every.filter(([, e]) => e.headers))
      expect(e.headers).toEqual({ 'List-Unsubscribe': `<${UNSUB}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});

describe('wording', () => {
  test('welcome, active: the link to share and the portal', () => {
    const e = affiliateWelcomeEmail(program, active, ['https://shop.example.com?ref=x'], 'x', { portalUrl: PORTAL });
    expect(e.kind).toBe('affiliate_welcome');
    expect(e.subject).toBe('Welcome to the Tom & <i>Jerry</i> affiliate program');
    expect(e.text).toContain('You are now an affiliate of Tom & <i>Jerry</i>.\n\nShare your link to earn commission:\n  https://shop.example.com?ref=x');
    expect(e.text).toContain(`Open your portal:\n  ${PORTAL}`);
    expect(e.html).toContain(`href="${PORTAL}"`);
    expect(e.html).toContain('href="https://shop.example.com?ref=x"');
  });

  test('welcome, pending: application received and under review, no link to share; a sign-in link when given', () => {
    const e = affiliateWelcomeEmail(program, pending, ['https://shop.example.com?ref=x'], 'x', {
      portalUrl: PORTAL,
      signInUrl: `${PORTAL}/sign-in/abc`,
      signInMinutes: 15,
    });
    expect(e.subject).toBe('We received your application to Tom & <i>Jerry</i>');
    expect(e.text).toContain('We received your application and it is under review');
    expect(e.text).not.toContain('?ref=');
    expect(e.text).toContain(`The sign-in link in this email works once, within 15 minutes; afterwards, ask for a new one at:\n  ${PORTAL}`);
    expect(e.text).toContain(`Sign in to your portal:\n  ${PORTAL}/sign-in/abc`);
  });

  test('welcome without a portal (turned off): no portal link, no button', () => {
    const e = affiliateWelcomeEmail(program, active, [], 'x-code');
    expect(e.text).toContain('Your referral code: x-code');
    expect(e.text).not.toContain('portal');
    expect(e.html).not.toContain('If the button does not work');
  });

  test('approved', () => {
    const e = affiliateApprovedEmail(program, active, ['https://shop.example.com?ref=x'], 'x', PORTAL);
    expect(e).toMatchObject({ kind: 'affiliate_approved', to: 'x@example.com', subject: 'Your application to Tom & <i>Jerry</i> was approved' });
    expect(e.text).toContain('  https://shop.example.com?ref=x');
  });

  test('new commission: the amount in the currency and when it becomes payable', () => {
    const held = affiliateNewCommissionEmail(
      program,
      active,
      { amount: '7.005', currency: 'usd', status: 'pending', holdUntil: new Date('2027-01-31T10:00:00Z') },
      { unsubscribeUrl: UNSUB },
    );
    expect(held.kind).toBe('affiliate_new_commission');
    expect(held.subject).toBe('New commission: 7.01 USD from Tom & <i>Jerry</i>');
    expect(held.text).toContain('It becomes payable on 2027-01-31 if the sale is not refunded.');
    expect(held.text).toContain(`Stop emails about new commissions:\n  ${UNSUB}`);
    expect(held.html).toContain(`href="${escapeHtml(UNSUB)}"`);
    const approval = affiliateNewCommissionEmail(
      program,
      active,
      { amount: '1', currency: 'JPY', status: 'pending', holdUntil: null },
      { unsubscribeUrl: UNSUB },
    );
    expect(approval.text).toContain('1 JPY');
    expect(approval.text).toContain('once Tom & <i>Jerry</i> approves it');
  });

  test('payout sent', () => {
    const e = affiliatePayoutSentEmail(program, active, { amount: '1234.5', currency: 'EUR', commissions: 1 }, { unsubscribeUrl: UNSUB });
    expect(e.subject).toBe('Tom & <i>Jerry</i> sent you a payout of 1234.50 EUR');
    expect(e.text).toContain('sent you 1234.50 EUR for 1 commission.');
  });

  test('formatMoney rounds half up to the minor unit, exactly', () => {
    expect(formatMoney('0.005', 'USD')).toBe('0.01 USD');
    expect(formatMoney('10', 'KWD')).toBe('10.000 KWD');
    expect(formatMoney('99.5', 'JPY')).toBe('100 JPY');
  });
});

describe('rendering', () => {
  test('escapeHtml escapes every character markup reads', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  test('only http(s) addresses become links', () => {
    const html = renderHtml({
      program: 'P',
      subject: 'S',
      blocks: [{ text: 'See', urls: ['javascript:alert(1)', 'https://ok.example.com/?a=1&b=2'] }],
      footer: [],
    });
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('javascript:alert(1)');
    expect(html).toContain('href="https://ok.example.com/?a=1&amp;b=2"');
  });

  test('the text part: paragraphs, the action line, the footer after the signature separator', () => {
    const text = renderText({
      program: 'P',
      subject: 'S',
      blocks: ['Hi', { text: 'Links:', url: 'https://a' }],
      action: { label: 'Go', url: 'https://b' },
      footer: ['Why'],
    });
    expect(text).toBe('Hi\n\nLinks:\n  https://a\n\nGo:\n  https://b\n\n-- \nWhy\n');
  });
});

describe('unsubscribe links', () => {
  const a = { id: '0b7a1c1e-0000-4000-8000-000000000001', programId: '0b7a1c1e-0000-4000-8000-0000000000aa', emailToken: 'secret-1' };

  test('a token opens its affiliate and kind only', () => {
    const t = unsubscribeToken(a, 'new_commission');
    expect(t).toMatch(/^[0-9a-f]{32}$/);
    expect(validUnsubscribeToken(a, 'new_commission', t)).toBe(true);
    expect(validUnsubscribeToken(a, 'payout_sent', t)).toBe(false);
    expect(validUnsubscribeToken({ ...a, id: a.id.replace(/1$/, '2') }, 'new_commission', t)).toBe(false);
    expect(validUnsubscribeToken({ ...a, emailToken: 'secret-2' }, 'new_commission', t)).toBe(false);
    expect(validUnsubscribeToken(a, 'new_commission', t.toUpperCase())).toBe(false);
    expect(validUnsubscribeToken(a, 'new_commission', t.slice(1))).toBe(false);
  });

  test('the URL and the RFC 8058 headers', () => {
    const url = unsubscribeUrl(PORTAL, a, 'payout_sent');
    expect(url).toBe(`${PORTAL}/unsubscribe?a=${a.id}&k=payout_sent&t=${unsubscribeToken(a, 'payout_sent')}`);
    expect(unsubscribeHeaders(url)).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});

describe('notifications', () => {
  const shop = { name: 'Shop', portalSlug: 'shop', portalEnabled: true };
  const affiliate: NotifiedAffiliate = {
    id: '0b7a1c1e-0000-4000-8000-000000000001',
    programId: '0b7a1c1e-0000-4000-8000-0000000000aa',
    firstName: 'Ada',
    email: 'ada@example.com',
    affiliateStatus: 'active',
    emailToken: 'secret',
    notifyNewCommission: true,
    notifyPayoutSent: true,
  };
  const commission = { amount: '5', currency: 'USD', status: 'approved', holdUntil: null };

  test('a commission: sent unless turned off, zero once rounded, or the affiliate rejected', () => {
    const e = newCommissionNotification(shop, affiliate, commission, links)!;
    expect(e.headers!['List-Unsubscribe']).toBe(
      `<https://affiliates.example.com/portal/${affiliate.programId}/unsubscribe?a=${affiliate.id}&k=new_commission&t=${unsubscribeToken(affiliate, 'new_commission')}>`,
    );
    expect(e.text).toContain('See your commissions:\n  https://affiliates.example.com/portal/shop');
    expect(newCommissionNotification(shop, { ...affiliate, notifyNewCommission: false }, commission, links)).toBeNull();
    expect(newCommissionNotification(shop, { ...affiliate, affiliateStatus: 'rejected' }, commission, links)).toBeNull();
    expect(newCommissionNotification(shop, affiliate, { ...commission, amount: '0.004' }, links)).toBeNull();
    expect(newCommissionNotification(shop, affiliate, { ...commission, amount: '0' }, links)).toBeNull();
  });

  test('with the portal turned off: no portal button, the unsubscribe link still there', () => {
    const e = newCommissionNotification({ ...shop, portalEnabled: false }, affiliate, commission, links)!;
    expect(e.text).not.toContain('See your commissions');
    expect(e.headers!['List-Unsubscribe']).toContain(`/portal/${affiliate.programId}/unsubscribe?`);
  });

  test('a payout: sent unless turned off or zero', () => {
    const p = { amount: '12', currency: 'USD', commissions: 2 };
    expect(payoutSentNotification(shop, affiliate, p, links)!.headers!['List-Unsubscribe']).toContain('k=payout_sent');
    expect(payoutSentNotification(shop, { ...affiliate, notifyPayoutSent: false }, p, links)).toBeNull();
    expect(payoutSentNotification(shop, affiliate, { ...p, amount: '0' }, links)).toBeNull();
  });
});
