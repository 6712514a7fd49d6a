/** Pure rules of links (slugs, full URLs), affiliates (status, rate) and program settings. */
import { assertValidSlug, firstFreeSlug, fullUrl, fullUrls, slugFromEmail, SLUG_MAX_LENGTH } from '../../../src/modules/affiliates/affiliate-link.rules';
import { effectiveRate, initialStatus } from '../../../src/modules/affiliates/affiliate.rules';
import { normalizeProgramSettings, rateToDecimal } from '../../../src/modules/programs/program.rules';
import { domainErrorOf } from '../../helpers/assertions';

describe('link slugs', () => {
  test.each([
    ['grace@example.com', 'grace'],
    ['Grace.Hopper@example.com', 'grace-hopper'],
    ['ada+news@example.com', 'ada-news'],
    ['José.Ñúñez@example.com', 'jose-nunez'],
    ['__ada__@example.com', 'ada'],
    ['a..b--c@example.com', 'a-b-c'],
    ['12345@example.com', '12345'],
    ['___@example.com', 'affiliate'],
    ['@example.com', 'affiliate'],
    ['日本@example.com', 'affiliate'],
  ])('slugFromEmail(%s) = %s', (email, slug) => {
    expect(slugFromEmail(email)).toBe(slug);
  });

  test('slugFromEmail always yields a valid slug that leaves room for a "-N" suffix', () => {
    const locals = ['x'.repeat(300), 'a.'.repeat(150), `${'a'.repeat(91)}.b`, `${'a'.repeat(90)}..bc`, 'ö'.repeat(120), '-a-'];
    for (const local of locals) {
      const slug = slugFromEmail(`${local}@example.com`);
      expect(() => assertValidSlug(slug, 'link')).not.toThrow();
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH - 8);
      expect(() => assertValidSlug(`${slug}-1234567`, 'link')).not.toThrow();
    }
  });

  test('slugFromEmail never starts or ends with a hyphen, also after truncation', () => {
    // The function trims leading/trailing hyphens; truncating afterwards must not bring a trailing one back.
    for (const local of [`${'a'.repeat(91)}.b`, `${'a'.repeat(91)}+tag`, '-a-', '.a.']) {
      const slug = slugFromEmail(`${local}@example.com`);
      expect(slug).not.toMatch(/^-|-$/);
    }
  });

  test('firstFreeSlug keeps a free base and otherwise counts up, case-insensitively', () => {
    expect(firstFreeSlug('ada', [])).toBe('ada');
    expect(firstFreeSlug('ada', ['grace'])).toBe('ada');
    expect(firstFreeSlug('ada', ['ada'])).toBe('ada-2');
    expect(firstFreeSlug('ada', ['ADA'])).toBe('ada-2');
    expect(firstFreeSlug('ada', ['ada', 'ada-2', 'Ada-3'])).toBe('ada-4');
    expect(firstFreeSlug('ada', ['ada', 'ada-3'])).toBe('ada-2');
    expect(firstFreeSlug('ada', new Set(['ada', 'ada-2']))).toBe('ada-3');
  });

  test.each(['ada', 'Ada-Lovelace-1815', '0', '-', 'a'.repeat(SLUG_MAX_LENGTH)])('assertValidSlug accepts %s', (slug) => {
    expect(() => assertValidSlug(slug, 'affiliateLink')).not.toThrow();
  });

  test.each(['', 'ada lovelace', 'ada_lovelace', 'ada.lovelace', 'ada/1', 'josé', 'ada?x=1', 'a'.repeat(SLUG_MAX_LENGTH + 1), ' ada'])(
    'assertValidSlug refuses %j with VALIDATION_FAILED on the named field',
    (slug) => {
      const err = domainErrorOf(() => assertValidSlug(slug, 'affiliateLink'));
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details).toEqual([expect.objectContaining({ field: 'affiliateLink' })]);
    },
  );
});

describe('full URLs', () => {
  test.each([
    ['https://shop.example.com', 'https://shop.example.com?ref=ada'],
    ['https://shop.example.com/', 'https://shop.example.com/?ref=ada'],
    ['https://shop.example.com/pricing', 'https://shop.example.com/pricing?ref=ada'],
    ['https://example.org/landing?src=aff', 'https://example.org/landing?src=aff&ref=ada'],
    ['https://example.org/landing?src=aff&x=1', 'https://example.org/landing?src=aff&x=1&ref=ada'],
    ['https://example.org/landing?', 'https://example.org/landing?ref=ada'],
    ['https://example.org/landing?src=aff&', 'https://example.org/landing?src=aff&ref=ada'],
    ['https://example.org/page#pricing', 'https://example.org/page?ref=ada#pricing'],
    ['https://example.org/page?x=1#pricing', 'https://example.org/page?x=1&ref=ada#pricing'],
    ['https://example.org/app#/route?tab=2', 'https://example.org/app?ref=ada#/route?tab=2'],
    ['https://Example.ORG:8443/A%20B', 'https://Example.ORG:8443/A%20B?ref=ada'],
    ['http://localhost:3000', 'http://localhost:3000?ref=ada'],
  ])('fullUrl(%s) keeps the base exactly and appends ref', (base, expected) => {
    expect(fullUrl(base, 'ada')).toBe(expected);
  });

  test('fullUrls gives one {baseUrl, fullUrl} per base URL, in order', () => {
    expect(fullUrls(['https://shop.example.com', 'https://example.org/landing?src=aff'], 'grace-1')).toEqual([
      { baseUrl: 'https://shop.example.com', fullUrl: 'https://shop.example.com?ref=grace-1' },
      { baseUrl: 'https://example.org/landing?src=aff', fullUrl: 'https://example.org/landing?src=aff&ref=grace-1' },
    ]);
    expect(fullUrls([], 'ada')).toEqual([]);
  });

  test('the result parses as a URL whose ref parameter is the slug', () => {
    for (const base of ['https://a.example', 'https://a.example/x?y=1', 'https://a.example/x#f']) {
      expect(new URL(fullUrl(base, 'Ada-7')).searchParams.get('ref')).toBe('Ada-7');
    }
  });
});

describe('affiliate rules', () => {
  test('initialStatus: the sent status wins, else the auto-approve setting decides', () => {
    expect(initialStatus(undefined, true)).toBe('active');
    expect(initialStatus(null, true)).toBe('active');
    expect(initialStatus(undefined, false)).toBe('pending');
    expect(initialStatus(null, false)).toBe('pending');
    expect(initialStatus('rejected', true)).toBe('rejected');
    expect(initialStatus('active', false)).toBe('active');
    expect(initialStatus('inactive', true)).toBe('inactive');
  });

  test("effectiveRate: the affiliate's own, else the plan's, else the program default", () => {
    expect(effectiveRate('10', '20', '30')).toBe('10');
    expect(effectiveRate('0', '20', '30')).toBe('0');
    expect(effectiveRate(null, '20', '30')).toBe('20');
    expect(effectiveRate(null, '0', '30')).toBe('0');
    expect(effectiveRate(null, null, '30')).toBe('30');
    expect(effectiveRate(null, undefined, '30')).toBe('30');
  });
});

describe('program settings', () => {
  test.each([
    [20, '20'],
    [0, '0'],
    [100, '100'],
    [12.5, '12.5'],
    [10, '10'],
    [33.3333, '33.3333'],
    [0.0001, '0.0001'],
    [0.1 + 0.2, '0.3'],
  ])('rateToDecimal(%p) = %s', (value, expected) => {
    expect(rateToDecimal(value, 'commissionRate')).toBe(expected);
  });

  test.each([12.34567, 0.00001, 99.99999])('rateToDecimal(%p) is refused: more than 4 decimal places', (value) => {
    const err = domainErrorOf(() => rateToDecimal(value, 'commissionRate'));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err).toMatchObject({ message: 'commissionRate may have at most 4 decimal places', details: [{ field: 'commissionRate' }] });
  });

  // A request's rate is checked for 0..100 at the edge (Rate()); program settings, which the CLI and the demo
  // also pass, check it themselves.
  test.each([-0.0001, -1, 100.0001, 101, 12.34567, Number.NaN, Number.POSITIVE_INFINITY])('defaultCommissionRate %p is refused', (value) => {
    const err = domainErrorOf(() => normalizeProgramSettings({ defaultCommissionRate: value }, false));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe('defaultCommissionRate');
  });

  test('a full valid input is normalised', () => {
    const out = normalizeProgramSettings(
      {
        name: '  Acme  ',
        domain: 'acme.example.com',
        logoUrl: 'https://cdn.example.com/logo.png',
        currency: 'eur',
        baseUrls: ['https://acme.example.com', 'https://acme.example.com', 'http://acme.example.com/x?y=1'],
        defaultCommissionRate: 12.5,
        autoApproveAffiliates: false,
        deductTax: true,
        deductShipping: true,
        refundWindowDays: 14,
        commissionHoldDays: 7,
        affiliateLimit: 100,
        monthlyReferralLimit: 1000,
        readsPerMinute: 300,
        writesPerMinute: 60,
      },
      true,
    );
    expect(out).toEqual({
      name: 'Acme',
      domain: 'acme.example.com',
      logoUrl: 'https://cdn.example.com/logo.png',
      currency: 'EUR',
      baseUrls: ['https://acme.example.com', 'http://acme.example.com/x?y=1'],
      defaultCommissionRate: '12.5',
      autoApproveAffiliates: false,
      deductTax: true,
      deductShipping: true,
      refundWindowDays: 14,
      commissionHoldDays: 7,
      affiliateLimit: 100,
      monthlyReferralLimit: 1000,
      readsPerMinute: 300,
      writesPerMinute: 60,
    });
  });

  test('creating needs a name; a domain without base URLs gives https://<domain>', () => {
    expect(domainErrorOf(() => normalizeProgramSettings({}, true)).details?.[0].field).toBe('name');
    expect(domainErrorOf(() => normalizeProgramSettings({ name: '   ' }, true)).details?.[0].field).toBe('name');
    expect(domainErrorOf(() => normalizeProgramSettings({ name: 'x'.repeat(201) }, true)).details?.[0].field).toBe('name');
    expect(normalizeProgramSettings({ name: 'A', domain: 'shop.example.com' }, true)).toMatchObject({ baseUrls: ['https://shop.example.com'] });
    expect(normalizeProgramSettings({ name: 'A' }, true)).toEqual({ name: 'A' });
  });

  test('an update writes only what was sent', () => {
    expect(normalizeProgramSettings({}, false)).toEqual({});
    expect(normalizeProgramSettings({ deductTax: false }, false)).toEqual({ deductTax: false });
    expect(normalizeProgramSettings({ domain: 'x.example.com' }, false)).toEqual({ domain: 'x.example.com' });
  });

  test.each([
    ['currency', { currency: 'US' }],
    ['currency', { currency: 'EURO' }],
    ['currency', { currency: 'US1' }],
    ['currency', { currency: '$$$' }],
    ['baseUrls', { baseUrls: ['ftp://example.com'] }],
    ['baseUrls', { baseUrls: ['example.com'] }],
    ['baseUrls', { baseUrls: ['https://ok.example.com', 'javascript:alert(1)'] }],
    ['baseUrls', { baseUrls: Array.from({ length: 21 }, (_, i) => `https://e${i}.example.com`) }],
    ['logoUrl', { logoUrl: 'not a url' }],
    ['logoUrl', { logoUrl: 'data:image/png;base64,AAAA' }],
    ['domain', { domain: 'https://example.com' }],
    ['domain', { domain: 'exa mple.com' }],
    ['defaultCommissionRate', { defaultCommissionRate: -5 }],
    ['defaultCommissionRate', { defaultCommissionRate: 150 }],
    ['refundWindowDays', { refundWindowDays: -1 }],
    ['refundWindowDays', { refundWindowDays: 1.5 }],
    ['commissionHoldDays', { commissionHoldDays: -1 }],
    ['affiliateLimit', { affiliateLimit: -1 }],
    ['affiliateLimit', { affiliateLimit: 2.5 }],
    ['monthlyReferralLimit', { monthlyReferralLimit: -10 }],
    ['readsPerMinute', { readsPerMinute: 0 }],
    ['readsPerMinute', { readsPerMinute: -1 }],
    ['writesPerMinute', { writesPerMinute: 0 }],
    ['writesPerMinute', { writesPerMinute: 1.5 }],
  ])('refuses a bad %s with VALIDATION_FAILED on that field', (field, input) => {
    const err = domainErrorOf(() => normalizeProgramSettings(input as never, false));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe(field);
  });

  test('null clears optional settings and leaves required ones unchanged', () => {
    const out = normalizeProgramSettings(
      {
        domain: null,
        logoUrl: null,
        affiliateLimit: null,
        monthlyReferralLimit: null,
        commissionHoldDays: null,
        currency: null,
        baseUrls: null,
        readsPerMinute: null,
        writesPerMinute: null,
        refundWindowDays: null,
        defaultCommissionRate: null,
        deductTax: null,
      },
      false,
    );
    expect(out).toEqual({ domain: null, logoUrl: null, affiliateLimit: null, monthlyReferralLimit: null, commissionHoldDays: null });
    expect(normalizeProgramSettings({ affiliateLimit: 0, monthlyReferralLimit: 0 }, false)).toEqual({ affiliateLimit: 0, monthlyReferralLimit: 0 });
    expect(normalizeProgramSettings({ domain: '  ', logoUrl: '' }, false)).toEqual({ domain: null, logoUrl: null });
  });
});
