import { normalizeCurrency, toDate } from '../coupons/coupon.rules';
import type { CodeValues } from './promotional-code.queries';

/** The fields of a code a create or an update may send (besides its coupon and how it is generated). */
export interface PromoCodeFields {
  code?: string | null;
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  externalId?: string | null;
  active?: boolean | null;
  expiresAt?: Date | string | null;
  maxRedemptions?: number | null;
  firstTimeOrder?: boolean | null;
  minimumAmount?: number | null;
  minimumAmountCurrency?: string | null;
  limitToCustomers?: boolean | null;
  customerId?: string | null;
  limitToAffiliate?: boolean | null;
}

/**
 * The values of the listed scalar fields present in the input (the code and its affiliate apart), as the edge
 * accepted them (src/validation/schemas/promotional-codes.schemas.ts): expiresAt a date-time, maxRedemptions
 * 0..2·10^9, minimumAmount zero or more, minimumAmountCurrency three letters or ''.
 */
export function promoCodeFields(input: PromoCodeFields): CodeValues {
  const out: CodeValues = {};
  if (input.externalId !== undefined) out.externalId = input.externalId?.trim() || null;
  if (input.active != null) out.active = input.active;
  if (input.expiresAt !== undefined) out.expiresAt = toDate(input.expiresAt);
  if (input.maxRedemptions !== undefined) out.maxRedemptions = input.maxRedemptions;
  if (input.firstTimeOrder != null) out.firstTimeOrder = input.firstTimeOrder;
  if (input.minimumAmount !== undefined) out.minimumAmount = input.minimumAmount == null ? null : input.minimumAmount.toFixed(6);
  if (input.minimumAmountCurrency !== undefined) out.minimumAmountCurrency = normalizeCurrency(input.minimumAmountCurrency);
  if (input.limitToCustomers != null) out.limitToCustomers = input.limitToCustomers;
  if (input.customerId !== undefined) out.customerId = input.customerId?.trim() || null;
  if (input.limitToAffiliate != null) out.limitToAffiliate = input.limitToAffiliate;
  return out;
}
