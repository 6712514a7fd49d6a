import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { COMMISSION_DURATIONS, enumObject, type CommissionDuration } from '../../validation/enums';
import type { CreateCommissionPlanBody } from '../../validation/schemas/programs.schemas';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

const NAME = 'Name, 1 to 200 characters (trimmed).';

export const CommissionDurationEnum = enumObject(COMMISSION_DURATIONS);
registerEnumType(CommissionDurationEnum, {
  name: 'CommissionDuration',
  description: 'How long a referred customer earns commissions for its affiliate; a sale past it is recorded with commission 0 and commissionLimitReached.',
  valuesConfig: {
    lifetime: { description: 'Every sale of the customer, for ever.' },
    first_payment: { description: "The customer's first sale only." },
    months: { description: 'Sales within commissionDurationLimit months of the first one.' },
    payments: { description: 'The first commissionDurationLimit sales.' },
  },
});

const DURATION_LIMIT = 'Months (for months) or sales (for payments), 1 to 1200; null for lifetime and first_payment.';

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
  @Field(() => CommissionDurationEnum, { description: 'How long a referred customer earns commissions under the plan.' })
  commissionDuration!: CommissionDuration;
  @Field(() => Int, { nullable: true, description: DURATION_LIMIT }) commissionDurationLimit!: number | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@InputType({ description: 'A new commission plan.' })
export class CreateCommissionPlanInput implements GraphQLInput<CreateCommissionPlanBody> {
  @Field({ description: `Required. ${NAME}` }) name!: string;
  @Field(() => Float, { description: 'The rate, a percentage from 0 to 100 with at most 4 decimals.' }) commissionRate!: number;
  @Field(() => ID, { nullable: true, description: 'An affiliate group of the program the plan belongs to; omitted: none.' })
  affiliateGroupId?: string | null;
  @Field(() => CommissionDurationEnum, { nullable: true, description: 'How long a referred customer earns commissions; omitted: lifetime.' })
  commissionDuration?: CommissionDuration | null;
  @Field(() => Int, { nullable: true, description: `${DURATION_LIMIT} Required for months and payments.` }) commissionDurationLimit?: number | null;
}

@ObjectType('AffiliateGroup', { description: 'A named group of affiliates; commission plans may belong to one.' })
export class AffiliateGroupType {
  @Field(() => ID, { description: 'Group id (UUID).' }) id!: string;
  @Field({ description: NAME }) name!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}
