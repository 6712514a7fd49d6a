import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';

export enum SubscriptionStatusEnum {
  active = 'active',
  trialing = 'trialing',
  past_due = 'past_due',
  canceled = 'canceled',
  unpaid = 'unpaid',
  incomplete = 'incomplete',
  expired = 'expired',
}
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
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType({ description: 'Exactly one of affiliateId (UUID, link slug or numeric click id), affiliateEmail or promoCode.' })
export class CreateReferralInput {
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true }) promoCode?: string | null;
  @Field() name!: string;
  @Field() email!: string;
  @Field() referredUserExternalId!: string;
}

@InputType()
export class UpdateReferralInput {
  @Field() referralId!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) referredUserExternalId?: string | null;
  @Field(() => SubscriptionStatusEnum, { nullable: true }) subscriptionStatus?: SubscriptionStatusEnum | null;
}

@InputType({ description: 'All given filters must match.' })
export class ReferralFilterInput {
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
