import { validationError } from '../../common/errors';

export const SLUG_MAX_LENGTH = 100;
const SLUG_RE = /^[A-Za-z0-9-]+$/;
/** What a link slug can look like; anything else cannot name a link, so it is not looked up. */
export const SLUG_SHAPE = /^[A-Za-z0-9-]{1,100}$/;

/** Slugs: letters, numbers and hyphens only (spec 8), at most 100 characters. */
export function assertValidSlug(slug: string, field: string): void {
  if (!SLUG_RE.test(slug)) throw validationError(`${field} may contain only letters, numbers and hyphens`, field);
  if (slug.length > SLUG_MAX_LENGTH) throw validationError(`${field} may be at most ${SLUG_MAX_LENGTH} characters`, field);
}

/** The slug proposed for an affiliate without one: the email's local part, lower-cased, other characters as hyphens. */
export function slugFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const slug = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH - 8)
    .replace(/^-+|-+$/g, '');
  return slug || 'affiliate';
}

/** Picks `base`, else `base-2`, `base-3`, ... avoiding the taken slugs (compared case-insensitively). */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((s) => s.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The ready-to-share URL: the base URL exactly as configured with `ref=<slug>` appended to its query
 * (`?ref=` or `&ref=`), before any fragment. Slugs need no escaping (letters, numbers, hyphens).
 */
export function fullUrl(baseUrl: string, slug: string, extra: Record<string, string | number> = {}): string {
  const hash = baseUrl.indexOf('#');
  const head = hash === -1 ? baseUrl : baseUrl.slice(0, hash);
  const fragment = hash === -1 ? '' : baseUrl.slice(hash);
  const sep = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  const more = Object.entries(extra)
    .map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`)
    .join('');
  return `${head}${sep}ref=${slug}${more}${fragment}`;
}

export const fullUrls = (baseUrls: readonly string[], slug: string) => baseUrls.map((baseUrl) => ({ baseUrl, fullUrl: fullUrl(baseUrl, slug) }));

/** The URLs a link is shared by, one per base URL; none without a slug. */
export const shareUrls = (baseUrls: readonly string[], slug: string | null | undefined): string[] => (slug ? baseUrls.map((b) => fullUrl(b, slug)) : []);

/**
 * The link's click-tracking URL on this server. The program id makes it unique across programs and keeps it
 * pointing at this link whatever slugs other programs create; renaming the slug retires it.
 */
export const trackingUrl = (origin: string, programId: string, slug: string) => `${origin}/r/${programId}/${slug}`;
