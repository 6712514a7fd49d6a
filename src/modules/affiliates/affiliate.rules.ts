import type { AffiliateStatus } from './affiliate.entity';

/** Status of a new affiliate: the one sent, else active when the program auto-approves, else pending. */
export const initialStatus = (sent: AffiliateStatus | null | undefined, autoApprove: boolean): AffiliateStatus => sent ?? (autoApprove ? 'active' : 'pending');

/** Effective commission rate: the affiliate's own, else its plan's, else the program default. */
export const effectiveRate = (own: string | null, plan: string | null | undefined, programDefault: string): string => own ?? plan ?? programDefault;
