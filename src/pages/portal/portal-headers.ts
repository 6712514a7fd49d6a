import type { Response } from 'express';
import type { Program } from '../../modules/programs/program.entity';

/**
 * A host a CSP source may name as it is: a DNS name or IPv4 address (and port), or a bracketed IPv6 address. A
 * base URL's host such as `*` or `a;b.example` (URL parsing lets both through) would widen the policy or add a
 * directive to it: such a URL frames nothing.
 */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The origins of the program's base URLs: the merchant's own sites, which may frame its portal. */
export function framingOrigins(program: Pick<Program, 'baseUrls'>): string[] {
  const out = new Set<string>();
  for (const u of program.baseUrls) {
    try {
      const { protocol, origin, host } = new URL(u);
      if ((protocol === 'https:' || protocol === 'http:') && PLAIN_HOST.test(host)) out.add(origin);
    } catch {
      /* settings hold only http(s) URLs; anything else frames nothing */
    }
  }
  return [...out];
}

/**
 * A portal page's headers: our own styles and script only, no framing but by the program's base-URL origins
 * (embedding in the merchant's app), no Referer to other sites (sign-in links are in URLs), never cached.
 */
export function portalHeaders(res: Response, program: Pick<Program, 'baseUrls'> | null): void {
  const ancestors = ["'self'", ...(program ? framingOrigins(program) : [])].join(' ');
  res.set({
    'Content-Security-Policy': `default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`,
    // Not no-referrer: with it, a browser's form POST says `Origin: null`, and the forms' origin check needs the
    // real one. Same-origin sends a Referer (a sign-in link's token among it) to this server only.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
}
