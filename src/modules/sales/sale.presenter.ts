import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyToNumber } from '../../common/money';
import type { Commission } from '../commissions/commission.entity';
import { effectiveStatus } from '../commissions/commission.rules';
import { definePresenter, depsFor, present } from '../presenter';
import type { Program } from '../programs/program.entity';
import type { Sale } from './sale.entity';

const money = (v: string | null, s: Sale) => (v == null ? null : moneyToNumber(v, s.currency));

/** A sale as the API shows it: its amounts in the currency's units, with its commission's rate, amount and status. */
export const salePresenter = definePresenter<Sale>()({
  typeName: 'Sale',
  same: [
    'id',
    'externalId',
    'externalInvoiceId',
    'affiliateId',
    'referralId',
    'linkId',
    'promoCode',
    'name',
    'email',
    'currency',
    'refunded',
    'refundedAt',
    'commissionLimitReached',
    'createdAt',
    'updatedAt',
  ],
  computed: {
    totalEarned: (s) => moneyToNumber(s.totalEarned, s.currency),
    tax: (s) => money(s.tax, s),
    shipping: (s) => money(s.shipping, s),
    /** The rate the commission was computed with (the sale's own before it has one). */
    commissionRate: (s, d) => d.loaders.commissionBySaleId.with(s.id, (c) => (c ? Number(c.rate) : s.commissionRate == null ? null : Number(s.commissionRate))),
    /** The commission currently recorded for the credited affiliate (0 once reversed). */
    commissionEarned: (s, d) => d.loaders.commissionBySaleId.with(s.id, (c) => (c ? moneyToNumber(c.amount, s.currency) : 0)),
    commissionStatus: (s, d) => d.loaders.commissionBySaleId.with(s.id, (c) => (c ? effectiveStatus(c) : null)),
  },
  relations: {},
  graphqlOnly: ['commission', 'affiliate'],
});

/** The sale's public body with the commission the caller holds (an event payload). */
export function saleBody(em: EntityManager, program: Program, sale: Sale, commission: Commission | null) {
  const deps = depsFor(em, program);
  deps.loaders.commissionBySaleId.prime(sale.id, commission);
  return present(salePresenter, sale, deps);
}
