import { REFERRAL_ORDER_FIELDS, SUBSCRIPTION_STATUSES } from '../enums';
import { CREATED_RANGE, ListOrderArg, SEARCH } from './list.schemas';
import { Body, Nullable, Omittable, OneOf, RequiredEmail, RequiredText, Text, type Input } from '../kit';
import { PAGE_PARAMS } from './paging.schemas';

/** GraphQL `referral(id)`: a UUID, else tried as the referred email. */
export const ReferralLookupArgs = Body({ id: Omittable(Text(254)) });

/** GraphQL ReferralFilterInput. */
export const ReferralFilter = Body({
  affiliateId: Nullable(Text(200)),
  affiliateEmail: Nullable(Text(254)),
  externalId: Nullable(Text(200)),
});
export type ReferralFilter = Input<typeof ReferralFilter>;

/** GraphQL ReferralFilterInput: the REST filters, the link, the subscription status, a search and a creation range. */
export const ReferralListFilter = Body({
  ...ReferralFilter.properties,
  linkId: Nullable(Text(200)),
  status: Nullable(OneOf(SUBSCRIPTION_STATUSES)),
  ...SEARCH,
  ...CREATED_RANGE,
});
export type ReferralListFilter = Input<typeof ReferralListFilter>;

/** GraphQL `referrals(filter, orderBy)` (paging and programId apart). */
export const ReferralListArgs = Body({ filter: Nullable(ReferralListFilter), orderBy: ListOrderArg(REFERRAL_ORDER_FIELDS) });
export type ReferralListArgs = Input<typeof ReferralListArgs>;

/** GET /referrals: `id` looks one up, the filters list. */
export const ReferralsQuery = Body({ id: Nullable(Text(254)), ...ReferralFilter.properties, ...PAGE_PARAMS });
export type ReferralsQuery = Input<typeof ReferralsQuery>;

/** POST /referrals, GraphQL CreateReferralInput (exactly one of affiliateId, affiliateEmail, promoCode: the service's rule). */
export const CreateReferralBody = Body({
  affiliateId: Nullable(Text(200)),
  affiliateEmail: Nullable(Text(254)),
  promoCode: Nullable(Text(200)),
  name: RequiredText(200),
  email: RequiredEmail(),
  referredUserExternalId: RequiredText(200),
});
export type CreateReferralBody = Input<typeof CreateReferralBody>;

/** PUT /referrals, GraphQL UpdateReferralInput. */
export const UpdateReferralBody = Body({
  referralId: RequiredText(200),
  subscriptionStatus: Omittable(OneOf(SUBSCRIPTION_STATUSES)),
  name: Omittable(RequiredText(200)),
  email: Omittable(RequiredEmail()),
  // Its own words since the first version: a blank one "cannot be empty".
  referredUserExternalId: Omittable(RequiredText(200, { errorMessage: { required: 'cannot be empty' } })),
});
export type UpdateReferralBody = Input<typeof UpdateReferralBody>;

/** DELETE /referrals, GraphQL `deleteReferral(referralId)`: a UUID or an email. */
export const DeleteReferralBody = Body({ referralId: RequiredText(254) });
export type DeleteReferralBody = Input<typeof DeleteReferralBody>;
