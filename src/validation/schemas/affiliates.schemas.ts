import { AFFILIATE_ORDER_FIELDS, AFFILIATE_STATUSES, PAYOUT_METHODS } from '../enums';
import { Body, Bool, Nullable, Omittable, OneOf, Rate, RequiredEmail, RequiredText, Text, type Input } from '../kit';
import { CREATED_RANGE, ListOrderArg, SEARCH } from './list.schemas';
import { PAGE_PARAMS } from './paging.schemas';

/** One affiliate by `id` (UUID, link slug or click id) or `email`: GraphQL `affiliate(id, email)`. */
export const AffiliateLookupArgs = Body({ id: Nullable(Text(200)), email: Nullable(Text(254)) });

/** GraphQL AffiliateFilterInput: all given filters must match. */
export const AffiliateListFilter = Body({ status: Nullable(OneOf(AFFILIATE_STATUSES)), ...SEARCH, ...CREATED_RANGE });
export type AffiliateListFilter = Input<typeof AffiliateListFilter>;

/** GraphQL `affiliates(filter, orderBy)` (paging and programId apart). */
export const AffiliateListArgs = Body({ filter: Nullable(AffiliateListFilter), orderBy: ListOrderArg(AFFILIATE_ORDER_FIELDS) });
export type AffiliateListArgs = Input<typeof AffiliateListArgs>;

/** GET /affiliates: a lookup (id, email) or the list. */
export const AffiliatesQuery = Body({ ...AffiliateLookupArgs.properties, ...PAGE_PARAMS });
export type AffiliatesQuery = Input<typeof AffiliatesQuery>;

/** POST /affiliates, GraphQL CreateAffiliateInput. */
export const CreateAffiliateBody = Body({
  firstName: RequiredText(200),
  lastName: RequiredText(200),
  email: RequiredEmail(),
  affiliateLink: Nullable(Text(200)),
  commissionRate: Nullable(Rate()),
  affiliateStatus: Nullable(OneOf(AFFILIATE_STATUSES)),
  sendWelcomeEmail: Nullable(Bool()),
  commissionPlanId: Nullable(Text(100)),
  affiliateGroupId: Nullable(Text(100)),
});
export type CreateAffiliateBody = Input<typeof CreateAffiliateBody>;

/**
 * The payout details an update may carry (DESIGN.md "Payouts"): null clears one. Whether the method has what it
 * needs (an email for PayPal and Wise, an `acct_…` account for Stripe Connect) and the form of the email and the
 * account are the rules' (src/modules/affiliates/payout-details.rules.ts), which judge the details as a whole.
 */
const PAYOUT_DETAILS = {
  payoutMethod: Nullable(OneOf(PAYOUT_METHODS)),
  payoutEmail: Nullable(Text(254)),
  stripeAccountId: Nullable(Text(100)),
};

/**
 * PUT /affiliates, GraphQL UpdateAffiliateInput: identify by affiliateId or emailAddress, change the rest. The
 * payout details need a caller that may write them (the policy's `payoutDetails`: not a partner token).
 */
export const UpdateAffiliateBody = Body({
  affiliateId: Nullable(Text(200)),
  emailAddress: Nullable(Text(254)),
  affiliateLink: Nullable(Text(200)),
  firstName: Omittable(RequiredText(200)),
  lastName: Omittable(RequiredText(200)),
  email: Omittable(RequiredEmail()),
  commissionRate: Nullable(Rate()),
  affiliateStatus: Nullable(OneOf(AFFILIATE_STATUSES)),
  commissionPlanId: Nullable(Text(100)),
  affiliateGroupId: Nullable(Text(100)),
  ...PAYOUT_DETAILS,
});
export type UpdateAffiliateBody = Input<typeof UpdateAffiliateBody>;

/** DELETE /affiliates, GraphQL `deleteAffiliate(affiliateId)`: a UUID or an email. */
export const DeleteAffiliateBody = Body({ affiliateId: RequiredText(254) });
export type DeleteAffiliateBody = Input<typeof DeleteAffiliateBody>;
