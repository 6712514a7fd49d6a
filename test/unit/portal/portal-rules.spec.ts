import { framingOrigins } from '../../../src/pages/portal/portal-headers';
import { maskEmail } from '../../../src/modules/portal/portal.rules';
import { checkedPortalSlug, portalSlugFromName } from '../../../src/modules/programs/program.rules';
import { checkedApplication } from '../../../src/modules/portal/portal-application.rules';

describe('framing: the origins of the base URLs, and only hosts a CSP source can name as they are', () => {
  test.each([
    [
      ['https://shop.example.com/landing?x=1', 'http://127.0.0.1:8080/a'],
      ['https://shop.example.com', 'http://127.0.0.1:8080'],
    ],
    [['https://shop.example.com', 'https://shop.example.com/other'], ['https://shop.example.com']],
    [['https://[2001:db8::1]:8443/'], ['https://[2001:db8::1]:8443']],
    // A wildcard would let every site frame the payout form; `;` and `,` would add directives or policies.
    [['https://*', 'https://a;b.example', 'https://a,b.example', "https://a'b.example"], []],
  ])('%j frame as %j', (baseUrls, origins) => {
    expect(framingOrigins({ baseUrls })).toEqual(origins);
  });
});

describe('customer emails as an affiliate sees them', () => {
  test.each([
    ['jane.doe@example.com', 'j***@example.com'],
    ['ü@example.com', 'ü***@example.com'],
    ['😀x@example.com', '😀***@example.com'],
    ['', ''],
    ['no-at-sign', '***'],
  ])('%s → %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
});

describe('portal slugs', () => {
  test.each([
    ['Acme Rockets', 'acme-rockets'],
    ['Café Crème', 'cafe-creme'],
    ['X', 'program-x'],
    ['!!!', 'program'],
    ['  --Ünïcödé--  ', 'unicode'],
  ])('made from the name %j: %s', (name, slug) => expect(portalSlugFromName(name)).toBe(slug));

  test.each(['ok', 'a-b-c', 'ACME'])('%s is a slug', (s) => expect(checkedPortalSlug(s)).toBe(s.toLowerCase()));
  test.each(['a', '-ab', 'ab-', 'a--b', 'a b', 'x'.repeat(61), '0190e3c4-5b6a-7c8d-9e0f-0123456789ab'])('%s is refused', (s) =>
    expect(() => checkedPortalSlug(s)).toThrow(/portalSlug/),
  );
});

describe('an application', () => {
  const ok = { firstName: ' Grace ', lastName: 'Hopper', email: 'grace@example.com', acceptTerms: false };
  test('is trimmed', () =>
    expect(checkedApplication({ portalTerms: null }, ok)).toEqual({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }));
  test('names every problem at once', () => {
    try {
      checkedApplication({ portalTerms: 'Terms' }, { firstName: '', lastName: 'see www.spam.example', email: 'nope', acceptTerms: false });
      throw new Error('accepted');
    } catch (err) {
      expect((err as { details: Array<{ field: string }> }).details.map((d) => d.field)).toEqual(['firstName', 'lastName', 'email', 'acceptTerms']);
    }
  });
});
