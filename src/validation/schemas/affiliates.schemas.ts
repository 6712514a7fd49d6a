import { AFFILIATE_ORDER_FIELDS, AFFILIATE_STATUSES } from '../enums';
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

/** PUT /affiliates, GraphQL UpdateAffiliateInput: identify by affiliateId or emailAddress, change the rest. */
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
});
export type UpdateAffiliateBody = Input<typeof UpdateAffiliateBody>;

/** DELETE /affiliates, GraphQL `deleteAffiliate(affiliateId)`: a UUID or an email. */
export const DeleteAffiliateBody = Body({ affiliateId: RequiredText(254) });
export type DeleteAffiliateBody = Input<typeof DeleteAffiliateBody>;
