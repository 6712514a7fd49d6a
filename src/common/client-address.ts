import net from 'node:net';

/**
 * The address a per-client budget (anonymous rate limits, clicks, sign-in failures) and an affiliate's known
 * address are kept for: IPv4 as is (also when IPv4-mapped, in any notation), IPv6 by its /64, which one host
 * usually has whole: keyed per address, it could spread itself over 2^64 budgets. Addresses in ::/64 (loopback,
 * the mapped and compatible forms) are no one's /64: each is its own.
 */
export function addressBucket(ip: string): string {
  const addr = ip.split('%')[0];
  if (!net.isIPv6(addr)) return addr;
  const g = ipv6Groups(addr);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  const hex = (groups: number[]) => groups.map((x) => x.toString(16)).join(':');
  return g.slice(0, 4).every((x) => x === 0) ? hex(g) : `${hex(g.slice(0, 4))}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(addr: string): number[] {
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(addr);
  const text = dotted
    ? `${addr.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : addr;
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((x) => parseInt(x, 16));
}
