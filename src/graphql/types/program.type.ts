import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { UpdateProgramBody } from '../../validation/schemas/programs.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('Program', { description: 'An affiliate program (the tenant) and its settings.' })
export class ProgramType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) domain!: string | null;
  @Field(() => String, { nullable: true }) logoUrl!: string | null;
  @Field({ description: 'ISO 4217 code; amounts are rounded to its minor unit.' }) currency!: string;
  @Field(() => [String], { description: 'Every link gets a full URL for each base URL.' }) baseUrls!: string[];
  @Field(() => Float, { description: 'Percentage.' }) defaultCommissionRate!: number;
  @Field() autoApproveAffiliates!: boolean;
  @Field() deductTax!: boolean;
  @Field() deductShipping!: boolean;
  @Field(() => Int) refundWindowDays!: number;
  @Field(() => Int, { nullable: true }) commissionHoldDays!: number | null;
  @Field(() => Int, { nullable: true }) affiliateLimit!: number | null;
  @Field(() => Int, { nullable: true }) monthlyReferralLimit!: number | null;
  @Field(() => Int) readsPerMinute!: number;
  @Field(() => Int) writesPerMinute!: number;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType({ description: 'Program settings; on update, omitted fields are unchanged and null clears an optional limit.' })
export class ProgramInput implements GraphQLInput<UpdateProgramBody> {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) domain?: string | null;
  @Field(() => String, { nullable: true }) logoUrl?: string | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => [String], { nullable: true }) baseUrls?: string[] | null;
  @Field(() => Float, { nullable: true }) defaultCommissionRate?: number | null;
  @Field(() => Boolean, { nullable: true }) autoApproveAffiliates?: boolean | null;
  @Field(() => Boolean, { nullable: true }) deductTax?: boolean | null;
  @Field(() => Boolean, { nullable: true }) deductShipping?: boolean | null;
  @Field(() => Int, { nullable: true }) refundWindowDays?: number | null;
  @Field(() => Int, { nullable: true }) commissionHoldDays?: number | null;
  @Field(() => Int, { nullable: true }) affiliateLimit?: number | null;
  @Field(() => Int, { nullable: true }) monthlyReferralLimit?: number | null;
  @Field(() => Int, { nullable: true }) readsPerMinute?: number | null;
  @Field(() => Int, { nullable: true }) writesPerMinute?: number | null;
}
