/**
 * Webhook targets (DESIGN.md "Events and webhooks": private and loopback addresses are refused unless allowed):
 * every IANA special-purpose range is refused, through ipaddr.js's registry rather than a hand list, including
 * the ranges the hand list let through (IPv4-mapped in any notation, 64:ff9b:1::/48, 100::/64, 192.88.99.0/24,
 * 2001:20::/28); public addresses are not; WEBHOOK_ALLOW_PRIVATE still lets them all through.
 */
import { isPrivateAddress, parseWebhookUrl, resolveTarget } from '../../src/modules/webhooks/webhook.url';

const judged = (ips: string[]) => ips.map((ip) => ({ ip, private: isPrivateAddress(ip) }));
const all = (ips: string[], value: boolean) => ips.map((ip) => ({ ip, private: value }));

/** Ranges the old hand list let through: one address of each. */
const MISSED = [
  // ::ffff:0:0/96, IPv4-mapped, in the notations that do not match a dotted-quad pattern
  '0:0:0:0:0:ffff:127.0.0.1',
  '0000:0000:0000:0000:0000:FFFF:7F00:0001',
  '::ffff:0a00:0001',
  '::ffff:c0a8:101',
  '::ffff:0.0.0.0',
  '::ffff:100.64.0.1',
  '::ffff:198.18.0.1',
  // IPv4-translated (RFC 6145)
  '::ffff:0:7f00:1',
  // 64:ff9b:1::/48, local-use NAT64 (RFC 8215)
  '64:ff9b:1::a00:1',
  '64:ff9b:1:ffff::1',
  // 100::/64, discard-only (RFC 6666)
  '100::1',
  '100::ffff:ffff:ffff:ffff',
  // 192.88.99.0/24, the deprecated 6to4 relay anycast (RFC 7526)
  '192.88.99.1',
  // 2001:20::/28, ORCHIDv2 (RFC 7343)
  '2001:20::1',
  '2001:2f:ffff::1',
];

/** What the hand list already refused: one address of each of its ranges. */
const OLDER = [
  '0.1.2.3',
  '10.1.2.3',
  '100.64.0.1',
  '127.0.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'fec0::1',
  'ff02::1',
  '64:ff9b::a00:1',
  '64:ff9b::808:808',
  '2001:db8::1',
  '2002:7f00:1::',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
];

/** The rest of the IANA registries: AS112, AMT, benchmarking, the IETF protocol block, documentation (3fff::/20), SRv6, IPv4-compatible. */
const OTHER_SPECIAL = [
  '192.31.196.1',
  '192.52.193.1',
  '192.175.48.1',
  '2001:2::1',
  '2001:3::1',
  '2001:4:112::1',
  '2001:10::1',
  '2001:30::1',
  '2001:1::1',
  '2620:4f:8000::1',
  '3fff::1',
  '5f00::1',
  '::7f00:1',
  '::8.8.8.8',
  '100:0:0:1::1',
  // ::ffff:0:0/96 whole, public IPv4 carried included (IANA: not globally reachable)
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '0:0:0:0:0:ffff:0808:0808',
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '192.88.98.255',
  '192.88.100.1',
  '198.20.0.1',
  '2606:4700::1',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001::1',
  '2001:200::1',
];

test('one address of each range the old blocklist let through is refused', () => {
  expect(judged(MISSED)).toEqual(all(MISSED, true));
});

test('the ranges refused before still are', () => {
  expect(judged(OLDER)).toEqual(all(OLDER, true));
});

test('the rest of the special-purpose registries is refused too', () => {
  expect(judged(OTHER_SPECIAL)).toEqual(all(OTHER_SPECIAL, true));
});

test('public addresses, including neighbours of special ranges, are accepted', () => {
  expect(judged(PUBLIC)).toEqual(all(PUBLIC, false));
});

test('what is not an address is refused', () => {
  for (const ip of ['', 'example.com', '1.2.3', '::ffff:1.2.3.4.5', 'gggg::1']) expect({ ip, private: isPrivateAddress(ip) }).toEqual({ ip, private: true });
});

test('resolveTarget refuses these hosts unless private targets are allowed (WEBHOOK_ALLOW_PRIVATE)', async () => {
  for (const host of ['[::ffff:7f00:1]', '[0:0:0:0:0:ffff:a9fe:a9fe]', '[64:ff9b:1::a00:1]', '[100::1]', '192.88.99.1', '[2001:20::1]']) {
    const u = parseWebhookUrl(`http://${host}:9/hook`);
    await expect(resolveTarget(u, false)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'url' }] });
    await expect(resolveTarget(u, true)).resolves.toMatchObject({ family: host.startsWith('[') ? 6 : 4 });
  }
  await expect(resolveTarget(parseWebhookUrl('https://[2606:4700::1]/hook'), false)).resolves.toEqual({ address: '2606:4700::1', family: 6 });
  await expect(resolveTarget(parseWebhookUrl('https://8.8.8.8/hook'), false)).resolves.toEqual({ address: '8.8.8.8', family: 4 });
});
