import type { ServiceContext } from '../service-context';
import type { Program } from '../programs/program.entity';
import type { Affiliate } from './affiliate.entity';

/**
 * What an affiliate's creation and new link ask of promotional codes (PromotionalCodeService does it). Named
 * here, as what affiliates need, so affiliates do not import promotional codes, which build on affiliates.
 */
export interface AffiliateCodes {
  /** One code per enabled automatic-code rule whose coupon is valid, for a new affiliate, in its transaction. */
  createAutomaticCodes(tx: ServiceContext, program: Program, affiliate: Affiliate): Promise<unknown>;
  /** Queues connecting the affiliate's codes to its links, when it has codes. */
  queueLinkConnection(tx: ServiceContext, programId: string, affiliateId: string): Promise<void>;
}
