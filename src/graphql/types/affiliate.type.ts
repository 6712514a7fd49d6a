import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum AffiliateStatusEnum {
  active = 'active',
  pending = 'pending',
  inactive = 'inactive',
  rejected = 'rejected',
}
registerEnumType(AffiliateStatusEnum, { name: 'AffiliateStatus' });

@ObjectType('Affiliate', { description: 'An affiliate of the program.' })
export class AffiliateType {
  @Field(() => ID) id!: string;
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
  @Field(() => ID) programId!: string;
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
export class CreateAffiliateInput {
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true, description: 'Slug of the first link; generated from the email when omitted.' }) affiliateLink?: string | null;
  @Field(() => Float, { nullable: true, description: 'Percentage; inherits the plan or program rate when omitted.' }) commissionRate?: number | null;
  @Field(() => AffiliateStatusEnum, { nullable: true, description: 'Defaults by the program auto-approve setting.' }) affiliateStatus?: AffiliateStatusEnum | null;
  @Field(() => Boolean, { nullable: true }) sendWelcomeEmail?: boolean | null;
  @Field(() => ID, { nullable: true }) commissionPlanId?: string | null;
  @Field(() => ID, { nullable: true }) affiliateGroupId?: string | null;
}

@InputType({ description: 'Identify by affiliateId (UUID, slug or click id) or emailAddress; other fields are applied.' })
export class UpdateAffiliateInput {
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
