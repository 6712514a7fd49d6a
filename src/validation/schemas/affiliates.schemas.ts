import { AFFILIATE_STATUSES } from '../enums';
import { Body, Bool, Nullable, Omittable, OneOf, Rate, RequiredEmail, RequiredText, Text, type Input } from '../kit';
import { PAGE_PARAMS } from './paging.schemas';

/** One affiliate by `id` (UUID, link slug or click id) or `email`: GraphQL `affiliate(id, email)`. */
export const AffiliateLookupArgs = Body({ id: Nullable(Text(200)), email: Nullable(Text(254)) });

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
