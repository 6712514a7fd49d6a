import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyToNumber } from '../../common/money';
import { definePresenter, depsFor, present } from '../presenter';
import type { Payout } from './payout.entity';

/** One affiliate's payout as the API shows it (GraphQL `Payout`, REST payout batches, the `payout.*` events' data). */
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
  relations: {},
  graphqlOnly: ['affiliate', 'commissions'],
});

/** The payout's public body (an event payload). */
export const payoutBody = (em: EntityManager, p: Payout) => present(payoutPresenter, p, depsFor(em, p.programId));
