import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, SUBSCRIPTION_STATUSES, type ReferralOrderField, type SubscriptionStatus } from '../../validation/enums';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput, SEARCH } from './list-order.type';
import type { CreateReferralBody, ReferralListFilter, UpdateReferralBody } from '../../validation/schemas/referrals.schemas';
import { AFFILIATE_EMAIL, AFFILIATE_KEY, CREATED_AT, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

export const SubscriptionStatusEnum = enumObject(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusEnum = SubscriptionStatus;
registerEnumType(SubscriptionStatusEnum, {
  name: 'SubscriptionStatus',
  description: "The referred user's subscription, as your billing reports it (Stripe's statuses); it decides the referral's status.",
  valuesConfig: {
    active: { description: 'Paying. The referral is active.' },
    trialing: { description: 'In a trial. The referral is active.' },
    past_due: { description: 'A payment failed and is being retried. The referral is inactive.' },
    canceled: { description: 'Ended. The referral is inactive.' },
    unpaid: { description: 'Payments failed and are no longer retried. The referral is inactive.' },
    incomplete: { description: 'The first payment has not succeeded yet. The referral is inactive.' },
    expired: { description: 'The first payment never succeeded and the subscription lapsed. The referral is inactive.' },
  },
});

export enum ReferralStatusEnum {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(ReferralStatusEnum, {
  name: 'ReferralStatus',
  description: 'Derived: active and trialing subscriptions are active.',
  valuesConfig: {
    active: { description: 'subscriptionStatus is active or trialing.' },
    inactive: { description: 'Any other subscriptionStatus.' },
  },
});

const NAME = "The referred user's name, 1 to 200 characters.";
const EMAIL = "The referred user's email address.";
const EXTERNAL_ID = "The referred user's id in your own system, 1 to 200 characters.";
const CANNOT_CLEAR = ' Cannot be cleared.';

@ObjectType('Referral', { description: 'A person an affiliate sent who signed up.' })
export class ReferralType {
  @Field(() => ID, { description: 'Referral id (UUID).' }) id!: string;
  @Field(() => ID, { description: 'The affiliate credited with the referral (UUID).' }) affiliateId!: string;
  @Field(() => ID, { nullable: true, description: 'The link it came through; null once that link is deleted.' }) linkId!: string | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The click it was attributed through (a click id was sent); null otherwise.' })
  clickId!: number | null;
  @Field(() => String, { nullable: true, description: 'The promotional code used (kept after the code is deleted); null: none.' }) promoCode!: string | null;
  @Field({ description: NAME }) name!: string;
  @Field({ description: EMAIL }) email!: string;
  @Field({ description: EXTERNAL_ID }) referredUserExternalId!: string;
  @Field(() => SubscriptionStatusEnum, { description: "The referred user's subscription; active when the referral is recorded." })
  subscriptionStatus!: SubscriptionStatusEnum;
  @Field(() => ReferralStatusEnum, { description: 'active while subscriptionStatus is active or trialing.' }) status!: ReferralStatusEnum;
  @Field({
    description:
      "true: the affiliate referred itself: the referred email is the affiliate's own (case-insensitive, +tags ignored), or the click came from an address the affiliate is known at (that of the click behind one of its earlier self-referrals). Its sales' commissions stay pending until approveCommission or a refund.",
  })
  selfReferral!: boolean;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@InputType({ description: 'Exactly one of affiliateId (UUID, link slug or numeric click id), affiliateEmail or promoCode.' })
export class CreateReferralInput implements GraphQLInput<CreateReferralBody> {
  @Field(() => String, { nullable: true, description: AFFILIATE_KEY }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: AFFILIATE_EMAIL }) affiliateEmail?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "A promotional code (at most 200 characters); its affiliate is credited. It must exist, be active and unexpired, be under its own and its coupon's limits and have an affiliate; it is then redeemed.",
  })
  promoCode?: string | null;
  @Field({ description: `Required. ${NAME}` }) name!: string;
  @Field({ description: `Required. ${EMAIL}` }) email!: string;
  @Field({ description: `Required. ${EXTERNAL_ID}` }) referredUserExternalId!: string;
}

@InputType({ description: 'Changes to the referral referralId; omitted fields are unchanged.' })
export class UpdateReferralInput implements GraphQLInput<UpdateReferralBody> {
  @Field({ description: 'The referral to change (UUID of a referral of the program).' }) referralId!: string;
  @Field(() => String, { nullable: true, description: NAME + CANNOT_CLEAR }) name?: string | null;
  @Field(() => String, { nullable: true, description: EMAIL + CANNOT_CLEAR }) email?: string | null;
  @Field(() => String, { nullable: true, description: EXTERNAL_ID + CANNOT_CLEAR }) referredUserExternalId?: string | null;
  @Field(() => SubscriptionStatusEnum, { nullable: true, description: 'The new subscription state; it sets status.' + CANNOT_CLEAR })
  subscriptionStatus?: SubscriptionStatusEnum | null;
}

@InputType({ description: 'All given filters must match.' })
export class ReferralFilterInput implements GraphQLInput<ReferralListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => String, { nullable: true, description: "The credited affiliate's UUID; any other value matches nothing." }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: AFFILIATE_EMAIL }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true, description: 'Matched against referredUserExternalId.' }) externalId?: string | null;
  @Field(() => String, { nullable: true, description: 'The link (UUID) it came through; any other value matches nothing.' }) linkId?: string | null;
  @Field(() => SubscriptionStatusEnum, { nullable: true, description: 'Only referrals whose subscription is in this status.' })
  status?: SubscriptionStatus | null;
  @Field(() => String, { nullable: true, description: SEARCH("the referred customer's name or email") }) search?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const ReferralOrder = ListOrderInput<ReferralOrderField>('Referral', {
  createdAt: 'When it was created.',
  name: "The referred customer's name, case-insensitively.",
  sales: 'Its sales that are not refunded.',
  revenue: 'totalEarned of its sales that are not refunded.',
});

@ObjectType({ description: 'A referral a delete removed.' })
export class DeletedReferralRef {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field({ description: "The referred user's email." }) email!: string;
}

@ObjectType({ description: 'The answer of deleteReferral, also when nothing matched.' })
export class DeleteReferralPayload {
  @Field({ description: 'A confirmation sentence for people, with the number deleted.' }) message!: string;
  @Field(() => [DeletedReferralRef], { description: 'The deleted referrals; empty when nothing matched.' }) deletedReferrals!: DeletedReferralRef[];
}
