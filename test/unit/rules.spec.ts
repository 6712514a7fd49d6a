import { DomainError } from '../../src/common/errors';
import { assertValidSlug, firstFreeSlug, fullUrl, fullUrls, slugFromEmail, SLUG_MAX_LENGTH } from '../../src/modules/links/link.rules';
import { effectiveRate, initialStatus } from '../../src/modules/affiliates/affiliate.rules';
import { normalizeProgramSettings, rateToDecimal } from '../../src/modules/programs/program.rules';
import { minorUnits, moneyToNumber, roundDecimal } from '../../src/common/money';
import { isClickId, isUuid, newId } from '../../src/common/ids';
import { parseBearer, tokenKind } from '../../src/auth/credentials';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageWindow, toPage } from '../../src/common/pagination';
import { validateFields, type FieldSpecs } from '../../rest-facade/validate';
import { hashPassword, verifyPassword } from '../../src/auth/password';

/** Runs fn and returns the DomainError it throws (fails the test if it throws anything else or nothing). */
function domainErrorOf(fn: () => unknown): DomainError {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  return thrown as DomainError;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

  test.each([-0.0001, -1, 100.0001, 101, 12.34567, Number.NaN, Number.POSITIVE_INFINITY])('rateToDecimal(%p) is refused', (value) => {
    const err = domainErrorOf(() => rateToDecimal(value, 'commissionRate'));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe('commissionRate');
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
      { domain: null, logoUrl: null, affiliateLimit: null, monthlyReferralLimit: null, commissionHoldDays: null, currency: null, baseUrls: null, readsPerMinute: null, writesPerMinute: null, refundWindowDays: null, defaultCommissionRate: null, deductTax: null },
      false,
    );
    expect(out).toEqual({ domain: null, logoUrl: null, affiliateLimit: null, monthlyReferralLimit: null, commissionHoldDays: null });
    expect(normalizeProgramSettings({ affiliateLimit: 0, monthlyReferralLimit: 0 }, false)).toEqual({ affiliateLimit: 0, monthlyReferralLimit: 0 });
    expect(normalizeProgramSettings({ domain: '  ', logoUrl: '' }, false)).toEqual({ domain: null, logoUrl: null });
  });
});

describe('money', () => {
  test.each([
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['1.004', 2, '1.00'],
    ['-1.004', 2, '-1.00'],
    ['1.0049999', 2, '1.00'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['0.5', 0, '1'],
    ['0.4', 0, '0'],
    ['2.675', 2, '2.68'],
    ['99.995', 2, '100.00'],
    ['-99.995', 2, '-100.00'],
    ['0.004', 2, '0.00'],
    ['-0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['123', 2, '123.00'],
    ['0', 2, '0.00'],
    ['.5', 2, '0.50'],
    ['7.', 1, '7.0'],
    ['1.0005', 3, '1.001'],
    ['12.3456', 4, '12.3456'],
    ['123456789012345678901234567890.125', 2, '123456789012345678901234567890.13'],
    [' 1.005 ', 2, '1.01'],
  ])('roundDecimal(%s, %d) = %s', (value, scale, expected) => {
    expect(roundDecimal(value, scale)).toBe(expected);
  });

  test.each(['abc', '1e5', '1,5', '--1', '1.2.3', '0x10'])('roundDecimal(%s) is refused', (value) => {
    expect(() => roundDecimal(value, 2)).toThrow();
  });

  test('minor units per currency', () => {
    expect(minorUnits('USD')).toBe(2);
    expect(minorUnits('eur')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('jpy')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('BHD')).toBe(3);
  });

  test('moneyToNumber rounds half-up to the minor unit, never through binary floats', () => {
    expect(moneyToNumber('1.005')).toBe(1.01); // Math.round(1.005 * 100) / 100 would give 1
    expect(moneyToNumber('1.005', 'USD')).toBe(1.01);
    expect(moneyToNumber('-1.005', 'USD')).toBe(-1.01);
    expect(moneyToNumber('1.015', 'EUR')).toBe(1.02);
    expect(moneyToNumber('10.004', 'EUR')).toBe(10);
    expect(moneyToNumber('1234.5', 'JPY')).toBe(1235);
    expect(moneyToNumber('1234.49', 'JPY')).toBe(1234);
    expect(moneyToNumber('-1234.5', 'JPY')).toBe(-1235);
    expect(moneyToNumber('1.0005', 'KWD')).toBe(1.001);
    expect(moneyToNumber('1.0004', 'KWD')).toBe(1);
    expect(moneyToNumber('2.12345', 'KWD')).toBe(2.123);
    expect(moneyToNumber('0', 'USD')).toBe(0);
    expect(moneyToNumber(null)).toBe(0);
    expect(moneyToNumber(undefined, 'JPY')).toBe(0);
    expect(Object.is(moneyToNumber('-0.001', 'USD'), -0)).toBe(false);
  });
});

describe('ids', () => {
  test('newId is a UUID v7 (RFC 9562) carrying the current time', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    expect(isUuid(id)).toBe(true);
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  test('newId values are unique', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newId()));
    expect(ids.size).toBe(20_000);
  });

  test('newId sorts by creation time (as a string and as Postgres compares uuids)', () => {
    const spy = jest.spyOn(Date, 'now');
    try {
      const times = [0, 1, 2, 255, 256, 65_535, 65_536, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000, 2 ** 47, 2 ** 48 - 1];
      const made = times.map((t) => {
        spy.mockReturnValue(t);
        return { t, id: newId() };
      });
      for (const m of made) {
        expect(m.id).toMatch(UUID_V7);
        expect(parseInt(m.id.replace(/-/g, '').slice(0, 12), 16)).toBe(m.t);
      }
      const shuffled = [...made].sort(() => Math.random() - 0.5).map((m) => m.id);
      expect(shuffled.sort()).toEqual(made.map((m) => m.id));
    } finally {
      spy.mockRestore();
    }
  });

  test('ids made over real time keep their creation order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(newId());
      await new Promise((r) => setTimeout(r, 3));
    }
    expect([...ids].sort()).toEqual(ids);
  });

  test.each([
    ['0190a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b', true],
    ['550e8400-e29b-41d4-a716-446655440000', true],
    ['550E8400-E29B-41D4-A716-446655440000', true],
    ['550e8400e29b41d4a716446655440000', false],
    ['550e8400-e29b-41d4-a716-44665544000', false],
    ['550e8400-e29b-41d4-a716-4466554400000', false],
    ['550e8400-e29b-41d4-a716-44665544000g', false],
    ['550e8400-e29b-41d4-a716-446655440000\n', false],
    [' 550e8400-e29b-41d4-a716-446655440000', false],
    ['ada', false],
    ['', false],
  ])('isUuid(%j) = %p', (v, ok) => {
    expect(isUuid(v)).toBe(ok);
  });

  test.each([
    ['1', true],
    ['123', true],
    ['9007199254740991', true],
    ['9007199254740992', false],
    ['99999999999999999', false],
    ['0', false],
    ['007', false],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    [' 12', false],
    ['12\n', false],
    ['', false],
    ['ada', false],
  ])('isClickId(%j) = %p', (v, ok) => {
    expect(isClickId(v)).toBe(ok);
  });
});

describe('bearer credentials', () => {
  test.each([
    [undefined, undefined],
    ['', undefined],
    ['Bearer apk_abcdefgh', 'apk_abcdefgh'],
    ['bearer apk_abcdefgh', 'apk_abcdefgh'],
    ['BEARER   ses_abc-DEF_123.~+/=  ', 'ses_abc-DEF_123.~+/='],
    ['Bearer ' + 'a'.repeat(512), 'a'.repeat(512)],
    ['Bearer ' + 'a'.repeat(513), null],
    ['Bearer short', null],
    ['Bearer', null],
    ['Bearer ', null],
    ['Basic dXNlcjpwYXNz', null],
    ['apk_abcdefgh', null],
    ['Bearer apk_abc defgh', null],
    ['Bearer apk_abc"defgh', null],
    ['Bearer apk_abcdefgh\nX-Evil: 1', null],
    ['Token apk_abcdefgh', null],
  ])('parseBearer(%j) = %j', (header, expected) => {
    expect(parseBearer(header as string | undefined)).toBe(expected);
  });

  test('tokenKind tells the credential table from the prefix', () => {
    expect(tokenKind('apk_abc')).toBe('apiKey');
    expect(tokenKind('ses_abc')).toBe('session');
    expect(tokenKind('oat_abc')).toBe('oauth');
    expect(tokenKind('APK_abc')).toBeUndefined();
    expect(tokenKind('xyz_abc')).toBeUndefined();
    expect(tokenKind('')).toBeUndefined();
  });
});

describe('pagination', () => {
  const id = '0190a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b';

  test('defaults and bounds of first', () => {
    expect(pageWindow({})).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: undefined });
    expect(pageWindow({ first: null, after: null })).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: undefined });
    expect(pageWindow({ first: 1 }).limit).toBe(1);
    expect(pageWindow({ first: MAX_PAGE_SIZE }).limit).toBe(MAX_PAGE_SIZE);
    expect(MAX_PAGE_SIZE).toBe(500);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  test.each([0, -1, MAX_PAGE_SIZE + 1, 1.5, Number.NaN])('first = %p is VALIDATION_FAILED on first', (first) => {
    const err = domainErrorOf(() => pageWindow({ first }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe('first');
  });

  test('cursors round-trip and are URL-safe', () => {
    const c = encodeCursor(id);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toBe(id);
    expect(pageWindow({ after: c })).toEqual({ limit: DEFAULT_PAGE_SIZE, afterId: id });
  });

  test.each(['garbage', '!!!', encodeCursor('not-a-uuid'), encodeCursor(`${id}x`), encodeCursor('123'), id])('cursor %j is VALIDATION_FAILED on after', (after) => {
    const err = domainErrorOf(() => pageWindow({ after }));
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details?.[0].field).toBe('after');
    expect(() => decodeCursor(after)).toThrow(DomainError);
  });

  test('toPage uses the extra row to tell whether another page exists', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(toPage(rows, 2)).toEqual({ nodes: [{ id: 'a' }, { id: 'b' }], hasNextPage: true, endCursor: encodeCursor('b') });
    expect(toPage(rows, 3)).toEqual({ nodes: rows, hasNextPage: false, endCursor: encodeCursor('c') });
    expect(toPage([], 3)).toEqual({ nodes: [], hasNextPage: false, endCursor: null });
  });
});

describe('validateFields (REST facade)', () => {
  const specs: FieldSpecs = {
    firstName: { type: 'string', required: true, max: 10 },
    email: { type: 'email' },
    rate: { type: 'number' },
    count: { type: 'integer' },
    flag: { type: 'boolean' },
    status: { type: { enum: ['active', 'pending'] as const } },
  };

  const failure = (input: unknown, where: 'body' | 'query' = 'body') => {
    const err = domainErrorOf(() => validateFields(input, specs, where));
    expect(err.code).toBe('VALIDATION_FAILED');
    return err;
  };

  test('accepts well-typed fields and returns only them', () => {
    const input = { firstName: 'Ada', email: 'ada@example.com', rate: 12.5, count: 3, flag: false, status: 'pending' };
    expect(validateFields(input, specs, 'body')).toEqual(input);
    expect(validateFields({ firstName: 'Ada' }, specs, 'body')).toEqual({ firstName: 'Ada' });
  });

  test('unknown fields are listed by name', () => {
    const err = failure({ firstName: 'Ada', nickname: 'x', extra: 1 });
    expect(err.details).toEqual([
      { field: 'nickname', message: expect.stringContaining('nickname') },
      { field: 'extra', message: expect.stringContaining('extra') },
    ]);
  });

  test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'a field named %s (an Object.prototype member) is an unknown field, not a crash',
    (name) => {
      const input = JSON.parse(`{"firstName": "Ada", "${name}": "x"}`);
      const err = failure(input);
      expect(err.details).toEqual([expect.objectContaining({ field: name })]);
    },
  );

  test.each([
    ['firstName', 5],
    ['firstName', true],
    ['firstName', ['Ada']],
    ['firstName', { a: 1 }],
    ['email', 'not-an-email'],
    ['email', 42],
    ['rate', '12.5'],
    ['rate', Number.NaN],
    ['count', 1.5],
    ['count', '3'],
    ['count', 2 ** 60],
    ['flag', 'true'],
    ['flag', 1],
    ['status', 'deleted'],
    ['status', 1],
  ])('%s = %j is a wrong type', (field, value) => {
    const err = failure({ firstName: 'Ada', [field]: value });
    expect(err.details).toEqual([expect.objectContaining({ field })]);
  });

  test('strings longer than max are refused', () => {
    expect(failure({ firstName: 'x'.repeat(11) }).details).toEqual([expect.objectContaining({ field: 'firstName' })]);
    expect(validateFields({ firstName: 'x'.repeat(10) }, specs, 'body')).toEqual({ firstName: 'x'.repeat(10) });
  });

  test('required fields: missing, null, empty and blank are refused; every problem is listed once', () => {
    for (const input of [{}, { firstName: null }, { firstName: '' }, { firstName: '   ' }]) {
      expect(failure(input).details).toEqual([{ field: 'firstName', message: expect.stringContaining('required') }]);
    }
    const err = failure({ rate: 'x', count: 'y', unknown: 1 });
    expect(err.details!.map((d) => d.field).sort()).toEqual(['count', 'firstName', 'rate', 'unknown']);
    expect(err.message).toContain('firstName');
  });

  test('null on an optional field is kept (it clears a value)', () => {
    expect(validateFields({ firstName: 'Ada', email: null, count: null, status: null }, specs, 'body')).toEqual({ firstName: 'Ada', email: null, count: null, status: null });
  });

  test('the body must be a JSON object; an absent body is an empty one', () => {
    failure([]);
    failure('firstName');
    failure(42);
    expect(() => validateFields(undefined, { a: { type: 'string' } }, 'body')).not.toThrow();
    expect(validateFields(null, { a: { type: 'string' } }, 'body')).toEqual({});
  });

  test('query mode parses numbers, integers and booleans from strings', () => {
    expect(validateFields({ firstName: 'Ada', rate: '12.5', count: '-3', flag: 'true', status: 'active', email: 'a@example.com' }, specs, 'query')).toEqual({
      firstName: 'Ada',
      rate: 12.5,
      count: -3,
      flag: true,
      status: 'active',
      email: 'a@example.com',
    });
    expect(validateFields({ firstName: 'Ada', flag: 'false' }, specs, 'query')).toEqual({ firstName: 'Ada', flag: false });
  });

  test.each([
    ['rate', 'abc'],
    ['rate', '1e3'],
    ['rate', ''],
    ['count', '1.5'],
    ['count', 'three'],
    ['flag', 'yes'],
    ['flag', '1'],
    ['status', 'gone'],
  ])('query %s=%j is refused', (field, value) => {
    expect(failure({ firstName: 'Ada', [field]: value }, 'query').details).toEqual([expect.objectContaining({ field })]);
  });

  test('a repeated query parameter (an array) is refused, not joined or picked', () => {
    const err = failure({ firstName: ['Ada', 'Grace'] }, 'query');
    expect(err.details).toEqual([expect.objectContaining({ field: 'firstName' })]);
    expect(failure({ firstName: 'Ada', count: ['1', '2'] }, 'query').details).toEqual([expect.objectContaining({ field: 'count' })]);
    expect(failure({ firstName: 'Ada', unknown: 'x' }, 'query').details![0].message).toContain('query parameter');
  });
});

describe('passwords', () => {
  test('hash format, salting and verification', async () => {
    const h1 = await hashPassword('correct horse battery');
    const h2 = await hashPassword('correct horse battery');
    expect(h1).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(h1).not.toContain('correct horse battery');
    expect(h1).not.toBe(h2);
    expect(await verifyPassword('correct horse battery', h1)).toBe(true);
    expect(await verifyPassword('correct horse battery', h2)).toBe(true);
    expect(await verifyPassword('correct horse batterY', h1)).toBe(false);
    expect(await verifyPassword('correct horse battery ', h1)).toBe(false);
    expect(await verifyPassword('', h1)).toBe(false);
  });

  test('unicode passwords and malformed stored hashes', async () => {
    const h = await hashPassword('pässwörd-日本-🔑');
    expect(await verifyPassword('pässwörd-日本-🔑', h)).toBe(true);
    expect(await verifyPassword('passwörd-日本-🔑', h)).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA==$')).toBe(false);
    const [alg, n, r, p, salt, hash] = h.split('$');
    const tampered = [alg, n, r, p, salt, Buffer.from(Buffer.from(hash, 'base64').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64')].join('$');
    expect(await verifyPassword('pässwörd-日本-🔑', tampered)).toBe(false);
  });
});

describe('newId is strictly increasing within one process, also within a millisecond', () => {
  test('10,000 ids in a tight loop sort in creation order and are unique', () => {
    const { newId: id } = require('../../src/common/ids') as typeof import('../../src/common/ids');
    const ids = Array.from({ length: 10_000 }, () => id());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const x of ids.slice(0, 50)) expect(x).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
