import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AFFILIATE_STATUSES, enumObject, type AffiliateStatus } from '../../validation/enums';
import type { CreateAffiliateBody, UpdateAffiliateBody } from '../../validation/schemas/affiliates.schemas';
import type { GraphQLInput } from './input-shape';

export const AffiliateStatusEnum = enumObject(AFFILIATE_STATUSES);
export type AffiliateStatusEnum = AffiliateStatus;
registerEnumType(AffiliateStatusEnum, { name: 'AffiliateStatus' });

@ObjectType('Affiliate', { description: 'An affiliate of the program.' })
export class AffiliateType {
  @Field(() => ID) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
  @Field() name!: string;
  @Field(() => ID) programId!: string;
  @Field(() => [String], { description: 'Slugs of the links the affiliate owns.' }) affiliateLinks!: string[];
  @Field(() => Float, { description: "Effective rate (percentage): the affiliate's own, else its plan's, else the program default." })
  commissionRate!: number;
  @Field(() => Float, { description: 'In the program currency, rounded to its minor unit.' }) totalCommissionEarned!: number;
  @Field(() => String, { nullable: true, deprecationReason: 'Use affiliateLinks and the link operations.' }) link!: string | null;
  @Field(() => AffiliateStatusEnum) affiliateStatus!: AffiliateStatusEnum;
  @Field(() => ID, { nullable: true }) commissionPlanId!: string | null;
  @Field(() => ID, { nullable: true }) affiliateGroupId!: string | null;
  @Field(() => Int) numberOfReferredUsers!: number;
  @Field(() => Int) numberOfClicks!: number;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType()
export class CreateAffiliateInput implements GraphQLInput<CreateAffiliateBody> {
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true, description: 'Slug of the first link; generated from the email when omitted.' }) affiliateLink?: string | null;
  @Field(() => Float, { nullable: true, description: 'Percentage; inherits the plan or program rate when omitted.' }) commissionRate?: number | null;
  @Field(() => AffiliateStatusEnum, { nullable: true, description: 'Defaults by the program auto-approve setting.' })
  affiliateStatus?: AffiliateStatusEnum | null;
  @Field(() => Boolean, { nullable: true }) sendWelcomeEmail?: boolean | null;
  @Field(() => ID, { nullable: true }) commissionPlanId?: string | null;
  @Field(() => ID, { nullable: true }) affiliateGroupId?: string | null;
}

@InputType({ description: 'Identify by affiliateId (UUID, slug or click id) or emailAddress; other fields are applied.' })
export class UpdateAffiliateInput implements GraphQLInput<UpdateAffiliateBody> {
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) emailAddress?: string | null;
  @Field(() => String, { nullable: true, description: 'Adds another link; never renames or replaces one.' }) affiliateLink?: string | null;
  @Field(() => String, { nullable: true }) firstName?: string | null;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Float, { nullable: true, description: 'null returns the affiliate to the inherited rate.' }) commissionRate?: number | null;
  @Field(() => AffiliateStatusEnum, { nullable: true }) affiliateStatus?: AffiliateStatusEnum | null;
  @Field(() => ID, { nullable: true }) commissionPlanId?: string | null;
  @Field(() => ID, { nullable: true }) affiliateGroupId?: string | null;
}

@ObjectType()
export class UpdateCountPayload {
  @Field(() => Int, { description: 'Number of records updated; 0 when nothing matched.' }) count!: number;
}

@ObjectType()
export class DeletedAffiliateRef {
  @Field(() => ID) id!: string;
  @Field() email!: string;
}

@ObjectType()
export class DeleteAffiliatePayload {
  @Field() message!: string;
  @Field(() => DeletedAffiliateRef, { nullable: true, description: 'null when nothing matched.' }) deletedAffiliate!: DeletedAffiliateRef | null;
}
