import { TOKEN_PREFIX } from '../../identity/credentials';
import { validationError } from '../../common/errors';
import { dec, fitsScale, toText } from '../../common/decimal';
import { isUuid, randomToken } from '../../common/ids';
import { ATTRIBUTION_MODELS, type AttributionModel } from '../../validation/enums';

export type { AttributionModel } from '../../validation/enums';

/** Days the tracker's cookie may keep a click: at least one, at most a year. */
export const COOKIE_WINDOW_DAYS = { min: 1, max: 365 } as const;

/** A new publishable key: `pk_` and 192 random bits. Public by design (it is in the merchant's pages), so stored as it is. */
export const newPublishableKey = (): string => TOKEN_PREFIX.publishableKey + randomToken(24);

/** Pure validation and normalisation of program settings. */
export interface ProgramSettingsInput {
  name?: string | null;
  domain?: string | null;
  logoUrl?: string | null;
  currency?: string | null;
  baseUrls?: string[] | null;
  defaultCommissionRate?: number | null;
  autoApproveAffiliates?: boolean | null;
  deductTax?: boolean | null;
  deductShipping?: boolean | null;
  refundWindowDays?: number | null;
  commissionHoldDays?: number | null;
  affiliateLimit?: number | null;
  monthlyReferralLimit?: number | null;
  readsPerMinute?: number | null;
  writesPerMinute?: number | null;
  cookieWindowDays?: number | null;
  attributionModel?: string | null;
  portalSlug?: string | null;
  portalEnabled?: boolean | null;
  portalSignupOpen?: boolean | null;
  portalTerms?: string | null;
  minimumPayout?: number | null;
}

/** A portal slug: lowercase letters, digits and single hyphens inside, 2 to 60 characters. */
const PORTAL_SLUG_RE = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,59}$/;
export const PORTAL_TERMS_MAX = 5000;

/** The slug a program's portal gets from its name when none is given: its letters and digits joined by hyphens. */
export function portalSlugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return base.length >= 2 ? base : `program${base ? '-' + base : ''}`;
}

/** Checks a portal slug someone chose; letters are taken in either case and kept lowercase (it is a URL path). */
export function checkedPortalSlug(value: string): string {
  const slug = value.trim().toLowerCase();
  // A UUID names a program by id in the portal's unsubscribe links: no slug may look like one.
  if (!PORTAL_SLUG_RE.test(slug) || isUuid(slug))
    throw validationError('portalSlug must be 2 to 60 letters, digits and single hyphens, starting and ending with a letter or digit', 'portalSlug');
  return slug;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/**
 * A percentage with at most 4 decimals, as an exact decimal string. Its range (0..100) is the edge's check for
 * request inputs (Rate() in src/validation/kit.ts); program settings check it themselves (checkedRate).
 */
export function rateToDecimal(value: number, field: string): string {
  const fixed = value.toFixed(4);
  if (Math.abs(Number(fixed) - value) > 1e-9) throw validationError(`${field} may have at most 4 decimal places`, field);
  return fixed.replace(/\.?0+$/, '') || '0';
}

/** A percentage 0..100 with at most 4 decimals: program settings also come from callers without a schema (CLI, demo). */
function checkedRate(value: number, field: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw validationError(`${field} must be a number from 0 to 100`, field);
  }
  return rateToDecimal(value, field);
}

/** The minimum payout: zero or more, below 10^12, at most 6 decimals (the storage scale), kept exact. */
function checkedMinimumPayout(value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value >= 1e12)
    throw validationError('minimumPayout must be an amount from 0 to below 10^12', 'minimumPayout');
  const d = dec(value);
  if (!fitsScale(d, 6)) throw validationError('minimumPayout may have at most 6 decimal places', 'minimumPayout');
  return toText(d);
}

function intIn(value: number, field: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw validationError(`${field} must be an integer from ${min} to ${max}`, field);
  return value;
}

/** Checks a (partial) settings input and returns the columns to write; `null` clears optional limits. */
export function normalizeProgramSettings(input: ProgramSettingsInput, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input.name !== undefined || creating) {
    const name = input.name?.trim();
    if (!name) throw validationError('name is required', 'name');
    if (name.length > 200) throw validationError('name is too long', 'name');
    out.name = name;
  }
  if (input.domain !== undefined) {
    const d = input.domain?.trim() || null;
    if (d && !/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(d)) throw validationError('domain must be a host name such as example.com', 'domain');
    out.domain = d;
  }
  if (input.logoUrl !== undefined) {
    if (input.logoUrl && !isHttpUrl(input.logoUrl)) throw validationError('logoUrl must be an http(s) URL', 'logoUrl');
    out.logoUrl = input.logoUrl || null;
  }
  if (input.currency != null) {
    if (!/^[A-Za-z]{3}$/.test(input.currency)) throw validationError('currency must be a 3-letter ISO 4217 code', 'currency');
    out.currency = input.currency.toUpperCase();
  }
  if (input.baseUrls != null) {
    if (input.baseUrls.length > 20) throw validationError('at most 20 base URLs', 'baseUrls');
    for (const u of input.baseUrls) if (!isHttpUrl(u)) throw validationError(`base URL "${u}" is not an http(s) URL`, 'baseUrls');
    out.baseUrls = [...new Set(input.baseUrls)];
  } else if (creating && out.domain) {
    out.baseUrls = [`https://${out.domain}`];
  }
  if (input.defaultCommissionRate != null) out.defaultCommissionRate = checkedRate(input.defaultCommissionRate, 'defaultCommissionRate');
  for (const f of ['autoApproveAffiliates', 'deductTax', 'deductShipping'] as const) if (input[f] != null) out[f] = input[f];
  if (input.refundWindowDays != null) out.refundWindowDays = intIn(input.refundWindowDays, 'refundWindowDays', 0, 3650);
  for (const f of ['commissionHoldDays', 'affiliateLimit', 'monthlyReferralLimit'] as const) {
    if (input[f] !== undefined) out[f] = input[f] === null ? null : intIn(input[f] as number, f, 0, 1_000_000_000);
  }
  for (const f of ['readsPerMinute', 'writesPerMinute'] as const) if (input[f] != null) out[f] = intIn(input[f] as number, f, 1, 1_000_000);
  if (input.cookieWindowDays != null) out.cookieWindowDays = intIn(input.cookieWindowDays, 'cookieWindowDays', COOKIE_WINDOW_DAYS.min, COOKIE_WINDOW_DAYS.max);
  if (input.attributionModel != null) {
    if (!(ATTRIBUTION_MODELS as readonly string[]).includes(input.attributionModel))
      throw validationError(`attributionModel must be one of ${ATTRIBUTION_MODELS.join(', ')}`, 'attributionModel');
    out.attributionModel = input.attributionModel as AttributionModel;
  }
  if (input.portalSlug != null) out.portalSlug = checkedPortalSlug(input.portalSlug);
  for (const f of ['portalEnabled', 'portalSignupOpen'] as const) if (input[f] != null) out[f] = input[f];
  if (input.portalTerms !== undefined) {
    const terms = input.portalTerms?.trim() || null;
    if (terms && terms.length > PORTAL_TERMS_MAX) throw validationError(`portalTerms may have at most ${PORTAL_TERMS_MAX} characters`, 'portalTerms');
    out.portalTerms = terms;
  }
  if (input.minimumPayout != null) out.minimumPayout = checkedMinimumPayout(input.minimumPayout);
  return out;
}
