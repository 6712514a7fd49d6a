import { inTransaction } from '../../db/unit-of-work';
import type { Email } from '../emails/email.entity';
import type { EmailService } from '../emails/email.service';
import { payoutDetailsChangedEmail } from '../emails/email.templates';
import type { Program } from '../programs/program.entity';
import type { ProgramService } from '../programs/program.service';
import type { ServiceContext } from '../service-context';
import type { Affiliate } from './affiliate.entity';
import { findAffiliateByEmail, findAffiliateByLookup } from './affiliate.finder';
import { affiliateForUpdate, updateAffiliateRow } from './affiliate.queries';
import { checkedPayoutDetails, samePayoutDetails, type PayoutDetailsInput } from './payout-details.rules';

/**
 * Where an affiliate's money goes. Written by the affiliate in its portal, or by the owner's session or API key
 * (never a partner token: the policy's `payoutDetails`). A change emails the affiliate, so an account taken over
 * cannot send its money elsewhere unnoticed.
 */
export class PayoutDetailsService {
  constructor(
    private readonly programs: ProgramService,
    private readonly emails: EmailService,
    /** The portal's address of a program, for the email's "check them" link. */
    private readonly portalUrl: (program: Program) => string,
  ) {}

  /** Sets the payout details of the affiliate found by UUID, slug or click id; null when there is none. */
  async update(ctx: ServiceContext, programId: string | null | undefined, affiliateId: string, input: PayoutDetailsInput): Promise<Affiliate | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    const queued: Email[] = [];
    const updated = await inTransaction(ctx, async (tx) => {
      const found = await findAffiliateByLookup(tx.em, program.id, affiliateId);
      if (!found) return null;
      // Read under the lock: a concurrent change is the current state this one builds on.
      const current = await affiliateForUpdate(tx.em, program.id, found.id);
      if (!current) return null;
      const next = checkedPayoutDetails(current, input);
      if (samePayoutDetails(current, next)) return current;
      const row = await updateAffiliateRow(tx.em, program.id, current.id, next, new Date());
      queued.push(this.emails.enqueue(tx, program.id, payoutDetailsChangedEmail(program, current, this.portalUrl(program))));
      return row;
    });
    this.emails.afterCommit(queued);
    return updated;
  }

  /**
   * An update of an affiliate that carries payout details among other changes (GraphQL updateAffiliate, PUT
   * /affiliates), in one unit of work: the affiliate by `affiliateId` (UUID, slug or click id) or else
   * `emailAddress`, its payout details, then `others` (the rest of the update) with the transaction's context, so
   * that a refusal of either changes nothing. 0 when no affiliate matches (nothing runs), else what `others` answers.
   */
  async updateAlongside(
    ctx: ServiceContext,
    programId: string | null | undefined,
    key: { affiliateId?: string | null; emailAddress?: string | null },
    input: PayoutDetailsInput,
    others: (tx: ServiceContext) => Promise<number>,
  ): Promise<number> {
    // Neither identifier: the rest of the update says what is missing.
    if (!key.affiliateId && !key.emailAddress) return others(ctx);
    const program = await this.programs.requireProgram(ctx, programId);
    return inTransaction(ctx, async (tx) => {
      const found = key.affiliateId
        ? await findAffiliateByLookup(tx.em, program.id, key.affiliateId)
        : await findAffiliateByEmail(tx.em, program.id, key.emailAddress!);
      if (!found) return 0;
      await this.update(tx, program.id, found.id, input);
      return others(tx);
    });
  }
}
