import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { validationError } from '../../common/errors';

// Addresses a webhook must not reach unless the server allows private targets (tests, local development).
const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(addr, prefix, 'ipv4');
// 6to4 (2002::/16) and Teredo (2001::/32) embed IPv4 addresses, private ones included; both are deprecated.
for (const [addr, prefix] of [
  ['::', 96],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2001::', 32],
] as const) {
  blocked.addSubnet(addr, prefix, 'ipv6');
}

export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
}

/**
 * Syntax of a webhook URL: absolute http(s), no credentials, at most 2000 characters. The length stays checked
 * here although a registration's url is bounded at the edge: deliveries re-read the stored URL, which is the
 * normalised one (percent-encoding can make it several times longer than the text that was sent).
 */
export function parseWebhookUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw validationError('url must be an absolute http(s) URL', 'url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw validationError('url must use http or https', 'url');
  if (u.username || u.password) throw validationError('url must not contain credentials', 'url');
  if (raw.length > 2000) throw validationError('url is too long', 'url');
  return u;
}

/**
 * Resolves the URL's host and refuses private, loopback and link-local addresses unless allowed. Returns the
 * address to connect to, so delivery uses exactly the address that was checked (no DNS rebinding).
 */
export async function resolveTarget(u: URL, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw validationError(`The host ${host} cannot be resolved`, 'url');
    }
  }
  if (!addresses.length) throw validationError(`The host ${host} cannot be resolved`, 'url');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw validationError('url points to a private, loopback or link-local address', 'url');
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
