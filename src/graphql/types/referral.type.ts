import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../validation/enums';
import type { CreateReferralBody, ReferralFilter, UpdateReferralBody } from '../../validation/schemas/referrals.schemas';
import type { GraphQLInput } from './input-shape';

export const SubscriptionStatusEnum = enumObject(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusEnum = SubscriptionStatus;
registerEnumType(SubscriptionStatusEnum, { name: 'SubscriptionStatus' });

export enum ReferralStatusEnum {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(ReferralStatusEnum, { name: 'ReferralStatus', description: 'Derived: active and trialing subscriptions are active.' });

@ObjectType('Referral', { description: 'A person an affiliate sent who signed up.' })
export class ReferralType {
  @Field(() => ID) id!: string;
  @Field(() => ID) affiliateId!: string;
  @Field(() => ID, { nullable: true, description: 'The link it came through; null once that link is deleted.' }) linkId!: string | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) clickId!: number | null;
  @Field(() => String, { nullable: true, description: 'The promotional code used, as typed.' }) promoCode!: string | null;
  @Field() name!: string;
  @Field() email!: string;
  @Field() referredUserExternalId!: string;
  @Field(() => SubscriptionStatusEnum) subscriptionStatus!: SubscriptionStatusEnum;
  @Field(() => ReferralStatusEnum, { description: 'active while subscriptionStatus is active or trialing.' }) status!: ReferralStatusEnum;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType({ description: 'Exactly one of affiliateId (UUID, link slug or numeric click id), affiliateEmail or promoCode.' })
export class CreateReferralInput implements GraphQLInput<CreateReferralBody> {
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true }) promoCode?: string | null;
  @Field() name!: string;
  @Field() email!: string;
  @Field() referredUserExternalId!: string;
}

@InputType()
export class UpdateReferralInput implements GraphQLInput<UpdateReferralBody> {
  @Field() referralId!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) referredUserExternalId?: string | null;
  @Field(() => SubscriptionStatusEnum, { nullable: true }) subscriptionStatus?: SubscriptionStatusEnum | null;
}

@InputType({ description: 'All given filters must match.' })
export class ReferralFilterInput implements GraphQLInput<ReferralFilter> {
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true, description: 'Matched against referredUserExternalId.' }) externalId?: string | null;
}

@ObjectType()
export class DeletedReferralRef {
  @Field(() => ID) id!: string;
  @Field() email!: string;
}

@ObjectType()
export class DeleteReferralPayload {
  @Field() message!: string;
  @Field(() => [DeletedReferralRef]) deletedReferrals!: DeletedReferralRef[];
}
