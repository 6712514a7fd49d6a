import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { validationError } from '../../common/errors';

/** IANA's global unicast space (IPv6 Address Space registry): everything outside 2000::/3 is reserved or local. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The address `ip` stands for, or null when it is not one in the notations sockets take (`net.isIP`: no octal or
 * short IPv4 forms). IPv6 goes through the URL parser's hex form first: ipaddr.js reads ::a.b.c.d (IPv4-compatible)
 * as ::ffff:a.b.c.d. A zone id (fe80::1%eth0) is not accepted there: null.
 */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const family = net.isIP(ip);
  if (family === 4) return ipaddr.IPv4.parse(ip);
  if (family !== 6) return null;
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/**
 * Whether a webhook must not reach this address unless the server allows private targets (tests, local
 * development). The IANA special-purpose registries come from ipaddr.js (`range()` names loopback, private,
 * link-local, documentation, benchmarking, NAT64, 6to4, Teredo, ORCHID, discard, …): anything but `unicast` is
 * refused, kept up to date with the library rather than a hand list that misses ranges. IPv4-mapped IPv6
 * (::ffff:0:0/96, any notation) is refused whole, as IANA lists it: not globally reachable, and a host resolves
 * to its IPv4 address anyway. An IPv6 address must also lie in 2000::/3 (IPv4-compatible ::a.b.c.d and whatever
 * else IANA keeps reserved lie outside it). Not an address: refused.
 */
export function isPrivateAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr || addr.range() !== 'unicast') return true;
  return addr instanceof ipaddr.IPv6 && !addr.match(GLOBAL_UNICAST_V6);
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
