import { moneyToNumber } from '../../common/money';
import { effectiveStatus, type Commission } from '../commissions/commission.entity';
import type { Sale } from './sale.entity';

/** Public representation of a sale (REST body, event payload); commissionEarned is the commission's current amount. */
export function saleView(s: Sale, c: Commission | null) {
  const money = (v: string | null) => (v == null ? null : moneyToNumber(v, s.currency));
  return {
    id: s.id,
    externalId: s.externalId,
    externalInvoiceId: s.externalInvoiceId,
    affiliateId: s.affiliateId,
    referralId: s.referralId,
    linkId: s.linkId,
    promoCode: s.promoCode,
    name: s.name,
    email: s.email,
    currency: s.currency,
    totalEarned: moneyToNumber(s.totalEarned, s.currency),
    tax: money(s.tax),
    shipping: money(s.shipping),
    commissionRate: c ? Number(c.rate) : s.commissionRate == null ? null : Number(s.commissionRate),
    commissionEarned: c ? moneyToNumber(c.amount, s.currency) : 0,
    commissionStatus: c ? effectiveStatus(c) : null,
    refunded: s.refunded,
    refundedAt: s.refundedAt ? s.refundedAt.toISOString() : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
