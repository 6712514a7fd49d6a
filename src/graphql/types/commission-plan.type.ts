import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import type { CreateCommissionPlanBody } from '../../validation/schemas/programs.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('CommissionPlan', { description: 'A commission rate used by affiliates without their own.' })
export class CommissionPlanType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => Float) commissionRate!: number;
  @Field(() => ID, { nullable: true }) affiliateGroupId!: string | null;
  @Field() createdAt!: Date;
}

@InputType()
export class CreateCommissionPlanInput implements GraphQLInput<CreateCommissionPlanBody> {
  @Field() name!: string;
  @Field(() => Float) commissionRate!: number;
  @Field(() => ID, { nullable: true }) affiliateGroupId?: string | null;
}

@ObjectType('AffiliateGroup')
export class AffiliateGroupType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() createdAt!: Date;
}
