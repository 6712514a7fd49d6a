import { validationError } from '../../common/errors';
import { isEmail } from '../../common/email';
import { AFFILIATE_STATUSES, type AffiliateStatus } from './affiliate.entity';

export function requireName(value: string | null | undefined, field: string): string {
  const v = value?.trim();
  if (!v) throw validationError(`${field} is required`, field);
  if (v.length > 200) throw validationError(`${field} may be at most 200 characters`, field);
  return v;
}

export function requireEmail(value: string | null | undefined, field = 'email'): string {
  const v = value?.trim();
  if (!v) throw validationError(`${field} is required`, field);
  if (!isEmail(v)) throw validationError(`${field} must be a valid email address`, field);
  return v;
}

export function assertStatus(value: string, field = 'affiliateStatus'): AffiliateStatus {
  if (!(AFFILIATE_STATUSES as readonly string[]).includes(value)) {
    throw validationError(`${field} must be one of ${AFFILIATE_STATUSES.join(', ')}`, field);
  }
  return value as AffiliateStatus;
}

/** Status of a new affiliate: the one sent, else active when the program auto-approves, else pending. */
export const initialStatus = (sent: AffiliateStatus | null | undefined, autoApprove: boolean): AffiliateStatus =>
  sent ?? (autoApprove ? 'active' : 'pending');

/** Effective commission rate: the affiliate's own, else its plan's, else the program default. */
export const effectiveRate = (own: string | null, plan: string | null | undefined, programDefault: string): string =>
  own ?? plan ?? programDefault;
