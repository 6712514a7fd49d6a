/** Money arithmetic, ids (UUID v7, click ids), bearer credentials and password hashing. */
import { minorUnits, moneyToNumber, roundDecimal } from '../../../src/common/money';
import { isClickId, isUuid, newId } from '../../../src/common/ids';
import { parseBearer, tokenKind } from '../../../src/identity/credentials';
import { hashPassword, verifyPassword } from '../../../src/identity/password';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

describe('newId is strictly increasing within one process, also within a millisecond', () => {
  test('10,000 ids in a tight loop sort in creation order and are unique', () => {
    // A fresh copy of the module: its per-process sequence starts from scratch.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { newId: id } = require('../../../src/common/ids') as typeof import('../../../src/common/ids');
    const ids = Array.from({ length: 10_000 }, () => id());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const x of ids.slice(0, 50)) expect(x).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
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
