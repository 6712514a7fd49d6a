import { validationError } from '../../common/errors';
import type { AffiliateStatus } from './affiliate.entity';

/**
 * A name that must be there, trimmed, at most 200 characters: for the names whose schema leaves their size to the
 * service (affiliate groups, commission plans: src/validation/schemas/programs.schemas.ts).
 */
export function requireName(value: string | null | undefined, field: string): string {
  const v = value?.trim();
  if (!v) throw validationError(`${field} is required`, field);
  if (v.length > 200) throw validationError(`${field} may be at most 200 characters`, field);
  return v;
}

/** Status of a new affiliate: the one sent, else active when the program auto-approves, else pending. */
export const initialStatus = (sent: AffiliateStatus | null | undefined, autoApprove: boolean): AffiliateStatus => sent ?? (autoApprove ? 'active' : 'pending');

/** Effective commission rate: the affiliate's own, else its plan's, else the program default. */
export const effectiveRate = (own: string | null, plan: string | null | undefined, programDefault: string): string => own ?? plan ?? programDefault;
