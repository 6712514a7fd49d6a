import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  COUPON_DURATIONS,
  COUPON_TYPES,
  enumObject,
  RANDOM_CHARS_CASES,
  type CouponDuration,
  type CouponType as CouponTypeValue,
  type RandomCharsCase,
} from '../../validation/enums';
import type { AutoCouponRuleBody, CodeStructureBody, CreateCouponBody, UpdateCouponBody } from '../../validation/schemas/coupons.schemas';
import type { GraphQLInput } from './input-shape';

export const CouponTypeEnum = enumObject(COUPON_TYPES);
export type CouponTypeEnum = CouponTypeValue;
registerEnumType(CouponTypeEnum, { name: 'CouponType' });

export const CouponDurationEnum = enumObject(COUPON_DURATIONS);
export type CouponDurationEnum = CouponDuration;
registerEnumType(CouponDurationEnum, { name: 'CouponDuration' });

export const RandomCharsCaseEnum = enumObject(RANDOM_CHARS_CASES);
export type RandomCharsCaseEnum = RandomCharsCase;
registerEnumType(RandomCharsCaseEnum, { name: 'RandomCharsCase' });

@ObjectType('CodeStructure', { description: 'Pieces combined, in this order, into a generated code.' })
export class CodeStructureType {
  @Field() firstName!: boolean;
  @Field() lastName!: boolean;
  @Field({ description: 'The part before the at-sign.' }) email!: boolean;
  @Field() discountAmount!: boolean;
  @Field() couponName!: boolean;
  @Field() randomChars!: boolean;
}

@InputType()
export class CodeStructureInput implements GraphQLInput<CodeStructureBody> {
  @Field(() => Boolean, { nullable: true }) firstName?: boolean | null;
  @Field(() => Boolean, { nullable: true }) lastName?: boolean | null;
  @Field(() => Boolean, { nullable: true }) email?: boolean | null;
  @Field(() => Boolean, { nullable: true }) discountAmount?: boolean | null;
  @Field(() => Boolean, { nullable: true }) couponName?: boolean | null;
  @Field(() => Boolean, { nullable: true }) randomChars?: boolean | null;
}

@ObjectType('AutoCouponRule', { description: 'Gives every new affiliate a generated code of the coupon.' })
export class AutoCouponRuleType {
  @Field() enabled!: boolean;
  @Field(() => CodeStructureType) codeStructure!: CodeStructureType;
  @Field(() => String, { nullable: true }) prefix!: string | null;
  @Field(() => Int) randomCharsLength!: number;
  @Field(() => RandomCharsCaseEnum) randomCharsCase!: RandomCharsCaseEnum;
}

@InputType()
export class AutoCouponRuleInput implements GraphQLInput<AutoCouponRuleBody> {
  @Field(() => Boolean, { nullable: true, description: 'Default true.' }) enabled?: boolean | null;
  @Field(() => CodeStructureInput) codeStructure!: CodeStructureInput;
  @Field(() => String, { nullable: true }) prefix?: string | null;
  @Field(() => Int, { nullable: true, description: 'Default 4.' }) randomCharsLength?: number | null;
  @Field(() => RandomCharsCaseEnum, { nullable: true, description: 'Default mixed.' }) randomCharsCase?: RandomCharsCaseEnum | null;
}

@ObjectType('Coupon', { description: 'A discount definition; its promotional codes inherit the discount.' })
export class CouponType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => CouponTypeEnum) couponType!: CouponTypeEnum;
  @Field(() => Float, { nullable: true }) percentOff!: number | null;
  @Field(() => Float, { nullable: true }) amountOff!: number | null;
  @Field(() => String, { nullable: true }) currency!: string | null;
  @Field(() => CouponDurationEnum) duration!: CouponDurationEnum;
  @Field(() => Int, { nullable: true }) durationInMonths!: number | null;
  @Field(() => Int, { nullable: true }) maxRedemptions!: number | null;
  @Field(() => Int) timesRedeemed!: number;
  @Field() limitToProducts!: boolean;
  @Field(() => [String]) productIds!: string[];
  @Field({ description: 'false stops the coupon being applied.' }) valid!: boolean;
  @Field(() => Date, { nullable: true }) redeemBy!: Date | null;
  @Field(() => String, { nullable: true }) integrationType!: string | null;
  @Field(() => ID) affiliateProgramId!: string;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType()
export class CouponFieldsInput {
  @Field(() => CouponTypeEnum, { nullable: true, description: 'PERCENTAGE when omitted on creation.' }) couponType?: CouponTypeEnum | null;
  @Field(() => Float, { nullable: true, description: '1 to 100; PERCENTAGE coupons.' }) percentOff?: number | null;
  @Field(() => Float, { nullable: true, description: 'Greater than zero; FLAT coupons (with currency).' }) amountOff?: number | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => CouponDurationEnum, { nullable: true, description: 'forever when omitted on creation.' }) duration?: CouponDurationEnum | null;
  @Field(() => Int, { nullable: true, description: 'Required when duration is repeating.' }) durationInMonths?: number | null;
  @Field(() => String, { nullable: true, description: 'Unique in the program.' }) externalId?: string | null;
  @Field(() => Int, { nullable: true }) maxRedemptions?: number | null;
  @Field(() => Boolean, { nullable: true }) limitToProducts?: boolean | null;
  @Field(() => [String], { nullable: true }) productIds?: string[] | null;
  @Field(() => Boolean, { nullable: true }) valid?: boolean | null;
  @Field(() => Date, { nullable: true }) redeemBy?: Date | null;
  @Field(() => String, { nullable: true }) integrationType?: string | null;
}

@InputType()
export class CreateCouponInput extends CouponFieldsInput implements GraphQLInput<CreateCouponBody, 'redeemBy'> {
  // Required (spec 4.4, POST /coupons), yet nullable in the schema: a missing name is the VALIDATION_FAILED
  // "name is required" a REST client gets, checked at the edge (src/graphql/input-validation.ts).
  @Field(() => String, { nullable: true }) name!: string;
}

@InputType()
export class UpdateCouponInput extends CouponFieldsInput implements GraphQLInput<UpdateCouponBody, 'redeemBy'> {
  @Field() couponId!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
}

@ObjectType()
export class DeletedCouponRef {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
}

@ObjectType()
export class DeleteCouponPayload {
  @Field() message!: string;
  @Field(() => DeletedCouponRef) deletedCoupon!: DeletedCouponRef;
}
