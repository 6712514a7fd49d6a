import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyToNumber } from '../../common/money';
import { definePresenter, depsFor, present } from '../presenter';
import type { PayoutBatch } from './payout-batch.entity';
import { payoutPresenter } from './payout.presenter';

/** A payout batch as the API shows it (GraphQL `PayoutBatch`, REST, the `payout_batch.*` events' data), with its payouts. */
export const payoutBatchPresenter = definePresenter<PayoutBatch>()({
  typeName: 'PayoutBatch',
  same: ['id', 'status', 'currency', 'commissionCount', 'createdAt', 'paidAt'],
  computed: {
    total: (b) => moneyToNumber(b.total, b.currency),
  },
  relations: {
    payouts: { many: true, load: (b, deps) => deps.loaders.payoutsByBatchId.load(b.id), presenter: payoutPresenter },
  },
});

/** The batch's public body (an event payload). */
export const payoutBatchBody = (em: EntityManager, b: PayoutBatch) => present(payoutBatchPresenter, b, depsFor(em, b.programId));
