import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyToNumber } from '../../common/money';
import { definePresenter, depsFor, present } from '../presenter';
import type { Commission } from './commission.entity';
import { effectiveStatus } from './commission.rules';

/** A commission as the API shows it (GraphQL `Commission`, the `commission.*` events' data): amounts in the currency's units. */
export const commissionPresenter = definePresenter<Commission>()({
  typeName: 'Commission',
  same: ['id', 'saleId', 'affiliateId', 'currency', 'holdUntil', 'approvedAt', 'payoutBatchId', 'paidAt', 'paidManually', 'reversedAt', 'createdAt'],
  computed: {
    rate: (c) => Number(c.rate),
    /** A pending one past its hold reads approved (the worker writes it soon after). */
    status: (c) => effectiveStatus(c),
    amount: (c) => moneyToNumber(c.amount, c.currency),
    base: (c) => Number(c.base),
  },
  relations: {},
  graphqlOnly: ['entries'],
});

/** The commission's public body (an event payload). */
export const commissionBody = (em: EntityManager, c: Commission) => present(commissionPresenter, c, depsFor(em, c.programId));
