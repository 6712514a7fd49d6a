import net from 'node:net';

/**
 * The address a per-client budget (anonymous rate limits, clicks, sign-in failures) is kept for: IPv4 as is
 * (also when IPv4-mapped), IPv6 by its /64, which one host usually has whole: keyed per address, it could
 * spread itself over 2^64 budgets.
 */
export function addressBucket(ip: string): string {
  const addr = ip.split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(addr);
  if (mapped) return mapped[1];
  if (net.isIPv6(addr)) {
    const [head, tail] = addr.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = tail === undefined ? left : [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
    return `${groups
      .slice(0, 4)
      .map((g) => parseInt(g, 16).toString(16))
      .join(':')}::/64`;
  }
  return addr;
}
