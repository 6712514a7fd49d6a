import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyToNumber } from '../../common/money';
import { definePresenter, depsFor, present } from '../presenter';
import type { Payout } from './payout.entity';
import { AFFILIATE_REF, affiliatePresenter } from '../affiliates/affiliate.presenter';
import type { Commission } from '../commissions/commission.entity';
import { commissionPresenter } from '../commissions/commission.presenter';

/**
 * One affiliate's payout as the API shows it (GraphQL `Payout`, REST payout batches, the `payout.*` events' data):
 * with its affiliate (id, names, email) and its commissions.
 */
export const payoutPresenter = definePresenter<Payout>()({
  typeName: 'Payout',
  same: [
    'id',
    'batchId',
    'affiliateId',
    'currency',
    'method',
    'destination',
    'status',
    'reference',
    'failureReason',
    'lastError',
    'commissionCount',
    'createdAt',
    'paidAt',
    'failedAt',
  ],
  computed: {
    amount: (p) => moneyToNumber(p.amount, p.currency),
  },
  relations: {
    affiliate: {
      load: (p, d) => (p.affiliateId ? d.loaders.affiliateById.load(p.affiliateId) : null),
      presenter: affiliatePresenter,
      pick: AFFILIATE_REF,
    },
    /** What it was made of, kept when it failed and freed them (commissions deleted with their affiliate are gone). */
    commissions: {
      many: true,
      load: async (p, d) => (await d.loaders.commissionById.loadMany(p.commissionIds)).filter((c): c is Commission => c != null && !(c instanceof Error)),
      presenter: commissionPresenter,
    },
  },
});

/** The payout's public body (an event payload). */
export const payoutBody = (em: EntityManager, p: Payout) => present(payoutPresenter, p, depsFor(em, p.programId));
