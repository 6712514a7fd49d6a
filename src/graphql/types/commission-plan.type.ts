import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import type { CreateCommissionPlanBody } from '../../validation/schemas/programs.schemas';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

const NAME = 'Name, 1 to 200 characters (trimmed).';

@ObjectType('CommissionPlan', { description: 'A commission rate used by affiliates without their own.' })
export class CommissionPlanType {
  @Field(() => ID, { description: 'Plan id (UUID).' }) id!: string;
  @Field({ description: NAME }) name!: string;
  @Field(() => Float, { description: 'The rate, a percentage from 0 to 100.' }) commissionRate!: number;
  @Field(() => ID, {
    nullable: true,
    description: 'The affiliate group the plan belongs to (UUID): affiliates of a group may only use its plans. null: no group.',
  })
  affiliateGroupId!: string | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@InputType({ description: 'A new commission plan.' })
export class CreateCommissionPlanInput implements GraphQLInput<CreateCommissionPlanBody> {
  @Field({ description: `Required. ${NAME}` }) name!: string;
  @Field(() => Float, { description: 'The rate, a percentage from 0 to 100 with at most 4 decimals.' }) commissionRate!: number;
  @Field(() => ID, { nullable: true, description: 'An affiliate group of the program the plan belongs to; omitted: none.' })
  affiliateGroupId?: string | null;
}

@ObjectType('AffiliateGroup', { description: 'A named group of affiliates; commission plans may belong to one.' })
export class AffiliateGroupType {
  @Field(() => ID, { description: 'Group id (UUID).' }) id!: string;
  @Field({ description: NAME }) name!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}
