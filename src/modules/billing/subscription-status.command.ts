import type { Program } from '../programs/program.entity';
import type { ReferralService } from '../referrals/referral.service';
import type { ServiceContext } from '../service-context';
import type { SetSubscriptionStatus } from './billing-command';
import { attempt, ignored, recorded, type Outcome } from './billing-outcome';
import type { ProviderTerms } from './billing-provider-terms';
import { applySubscriptionEvent, type Scope } from './billing.queries';
import { cleanReference, type CustomerAttributionCommand } from './customer-attribution.command';
import { referralStatusOf } from './referral-status';

/** A subscription's status on its customer's referral, in the order the provider's events happened (not arrived). */
export class SubscriptionStatusCommand {
  constructor(
    private readonly referrals: ReferralService,
    private readonly attribution: CustomerAttributionCommand,
    private readonly terms: ProviderTerms,
  ) {}

  /**
   * Attribution from the subscription's reference, then its status on the customer's referral, unless an event
   * of the subscription newer than this one (by its `created`) was applied already. The status is kept for a
   * customer not referred yet: its attribution applies it (CustomerAttributionCommand's settleReferred).
   */
  async setStatus(tx: ServiceContext, program: Program, scope: Scope, sub: SetSubscriptionStatus): Promise<Outcome> {
    const { customer } = sub;
    const newest = await applySubscriptionEvent(tx.em, scope, { id: sub.subscription, customer, status: sub.status, created: sub.created });
    const ref = cleanReference(sub.reference);
    const attributed = ref ? await attempt(tx, 'attribution', (inner) => this.attribution.attribute(inner, program, customer, [ref], {})) : null;
    const made = attributed?.outcome === 'recorded' ? attributed : null;
    const referral = await this.attribution.referralOf(tx, program, customer);
    if (!referral) return attributed ?? ignored(`customer ${customer} was not referred (the status ${sub.status} applies if it is)`);
    if (!newest) return made ?? ignored(`subscription ${sub.subscription} has a newer event applied already`);
    const status = referralStatusOf(this.terms, sub.status);
    if (!status) return made ?? ignored(`subscription status ${sub.status} has no referral status`);
    if (referral.subscriptionStatus === status) return made ?? ignored(`referral ${referral.id} is ${status} already`);
    await this.referrals.updateReferral(tx, program.id, referral.id, { subscriptionStatus: status });
    return recorded(`${made ? `${made.detail}; ` : ''}referral ${referral.id} subscription ${status}`);
  }
}
