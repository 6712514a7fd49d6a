/**
 * Inputs as the edge accepted them (src/validation/schemas/sales.schemas.ts): amounts finite and below 10^12 (a
 * total not zero, tax and shipping not negative), rates 0..100, texts bounded, emails valid.
 */
export interface RecordSaleInput {
  referralId?: string | null;
  email?: string | null;
  promoCode?: string | null;
  name?: string | null;
  totalEarned: number;
  commissionRate?: number | null;
  tax?: number | null;
  shipping?: number | null;
  externalId?: string | null;
  externalInvoiceId?: string | null;
}

/** name, email and totalEarned are never null here (they cannot be cleared). */
export interface UpdateSaleInput {
  name?: string | null;
  email?: string | null;
  totalEarned?: number | null;
  commissionRate?: number | null;
  tax?: number | null;
  shipping?: number | null;
  externalId?: string | null;
  externalInvoiceId?: string | null;
  commissionEarned?: number | null;
}

/** The sales list's filters: GraphQL sends them all, the REST list the first five. */
export interface SaleListFilter {
  affiliateId?: string | null;
  affiliateEmail?: string | null;
  referralId?: string | null;
  saleExternalId?: string | null;
  saleExternalInvoiceId?: string | null;
  linkId?: string | null;
  refunded?: boolean | null;
  search?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** An optional identifier (at most 200 characters: the edge's check), trimmed; empty as null. */
export const optionalText = (v: string | null | undefined): string | null => v?.trim() || null;
