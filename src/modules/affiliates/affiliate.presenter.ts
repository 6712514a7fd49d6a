import { moneyToNumber } from '../../common/money';
import type { EntityManager } from '@mikro-orm/postgresql';
import { definePresenter, depsFor, present, then } from '../presenter';
import type { Program } from '../programs/program.entity';
import type { Affiliate } from './affiliate.entity';
import { effectiveRate } from './affiliate.rules';

/** An affiliate as the API shows it: its effective rate and the slugs of the links it owns. */
export const affiliatePresenter = definePresenter<Affiliate>()({
  typeName: 'Affiliate',
  same: [
    'id',
    'firstName',
    'lastName',
    'email',
    'programId',
    'link',
    'affiliateStatus',
    'commissionPlanId',
    'affiliateGroupId',
    'numberOfReferredUsers',
    'numberOfClicks',
    'createdAt',
    'updatedAt',
  ],
  computed: {
    name: (a) => `${a.firstName} ${a.lastName}`,
    /** Slugs of the links the affiliate owns. */
    affiliateLinks: (a, d) => d.loaders.linksByAffiliateId.load(a.id).then((links) => links.map((l) => l.link)),
    /** The affiliate's own rate, else its plan's (read only then), else the program default. */
    commissionRate: (a, d) =>
      d.program((p) =>
        a.commissionRate == null && a.commissionPlanId
          ? then(d.loaders.planById.load(a.commissionPlanId), (plan) => Number(effectiveRate(a.commissionRate, plan?.commissionRate, p.defaultCommissionRate)))
          : Number(effectiveRate(a.commissionRate, null, p.defaultCommissionRate)),
      ),
    /** In the program currency, rounded to its minor unit. */
    totalCommissionEarned: (a, d) => d.program((p) => moneyToNumber(a.totalCommissionEarned, p.currency)),
  },
  relations: {},
  // Payout details are read through GraphQL by the owner only (the policy's payoutDetails): never in a REST body
  // or an event payload, which partners receive.
  graphqlOnly: ['links', 'payoutMethod', 'payoutEmail', 'stripeAccountId'],
});

/** The fields of an affiliate shown where another resource names it (a promotional code's owner). */
export const AFFILIATE_REF = ['id', 'firstName', 'lastName', 'email'] as const;

/** An affiliate's public body (an event payload). */
export const affiliateBody = (em: EntityManager, program: Program, a: Affiliate) => present(affiliatePresenter, a, depsFor(em, program));
