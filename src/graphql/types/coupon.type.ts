import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { COUPON_DURATIONS, COUPON_TYPES, enumObject, type CouponDuration, type CouponType as CouponTypeValue } from '../../validation/enums';
import type { CreateCouponBody, UpdateCouponBody } from '../../validation/schemas/coupons.schemas';
import { CREATED_AT, PROGRAM_ID, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

export const CouponTypeEnum = enumObject(COUPON_TYPES);
export type CouponTypeEnum = CouponTypeValue;
registerEnumType(CouponTypeEnum, {
  name: 'CouponType',
  description: 'How a coupon discounts.',
  valuesConfig: {
    PERCENTAGE: { description: 'A percentage off: percentOff, 1 to 100.' },
    FLAT: { description: 'A fixed amount off: amountOff in the coupon currency.' },
  },
});

export const CouponDurationEnum = enumObject(COUPON_DURATIONS);
export type CouponDurationEnum = CouponDuration;
registerEnumType(CouponDurationEnum, {
  name: 'CouponDuration',
  description: "How long a coupon's discount lasts on a subscription.",
  valuesConfig: {
    once: { description: 'The first payment only.' },
    forever: { description: 'Every payment (the default).' },
    repeating: { description: 'Every payment for durationInMonths months.' },
  },
});

const NAME = '1 to 200 characters.';
const MAX_REDEMPTIONS = 'How many times codes of the coupon may be redeemed in all';

@ObjectType('Coupon', { description: 'A discount definition; its promotional codes inherit the discount.' })
export class CouponType {
  @Field(() => ID, { description: 'Coupon id (UUID).' }) id!: string;
  @Field({ description: `Name, ${NAME}` }) name!: string;
  @Field(() => String, { nullable: true, description: "The coupon's id in a connected billing provider, unique in the program; null: none." })
  externalId!: string | null;
  @Field(() => CouponTypeEnum, { description: 'PERCENTAGE (percentOff) or FLAT (amountOff in currency).' }) couponType!: CouponTypeEnum;
  @Field(() => Float, { nullable: true, description: 'Percentage off, 1 to 100, for PERCENTAGE coupons; null for FLAT ones.' }) percentOff!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'Amount off, above zero, in the units of currency as a decimal number, for FLAT coupons; null for PERCENTAGE ones.',
  })
  amountOff!: number | null;
  @Field(() => String, { nullable: true, description: 'ISO 4217 code (upper case) of amountOff; FLAT coupons have one. null: none.' }) currency!: string | null;
  @Field(() => CouponDurationEnum, { description: 'How long the discount lasts on a subscription.' }) duration!: CouponDurationEnum;
  @Field(() => Int, { nullable: true, description: 'Months the discount lasts when duration is repeating (1 to 1200); null otherwise.' })
  durationInMonths!: number | null;
  @Field(() => Int, { nullable: true, description: `${MAX_REDEMPTIONS}; null: no limit.` }) maxRedemptions!: number | null;
  @Field(() => Int, { description: 'How many times codes of the coupon were redeemed (referrals and sales with its codes).' }) timesRedeemed!: number;
  @Field({ description: 'true: the discount is limited to the products in productIds (for the billing provider to apply; not checked here).' })
  limitToProducts!: boolean;
  @Field(() => [String], { description: "Ids of products (in the merchant's billing provider) the discount is limited to." }) productIds!: string[];
  @Field({ description: 'false stops the coupon being applied.' }) valid!: boolean;
  @Field(() => Date, { nullable: true, description: 'Its codes are refused from this ISO 8601 date-time (UTC) on; null: no end.' }) redeemBy!: Date | null;
  @Field(() => String, { nullable: true, description: 'The billing integration the coupon belongs to (free text); null: none.' })
  integrationType!: string | null;
  @Field(() => ID, { description: PROGRAM_ID }) affiliateProgramId!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@InputType({ description: 'The fields of a coupon besides its name.' })
export class CouponFieldsInput {
  @Field(() => CouponTypeEnum, { nullable: true, description: 'PERCENTAGE when omitted on creation.' }) couponType?: CouponTypeEnum | null;
  @Field(() => Float, { nullable: true, description: '1 to 100 (at most 4 decimals); PERCENTAGE coupons.' }) percentOff?: number | null;
  @Field(() => Float, {
    nullable: true,
    description: "Greater than zero; FLAT coupons (with currency). In currency's units as a decimal number, at most 6 decimals.",
  })
  amountOff?: number | null;
  @Field(() => String, { nullable: true, description: "ISO 4217 code of amountOff (3 letters); FLAT coupons need one. '' means none." })
  currency?: string | null;
  @Field(() => CouponDurationEnum, { nullable: true, description: 'forever when omitted on creation.' }) duration?: CouponDurationEnum | null;
  @Field(() => Int, { nullable: true, description: 'Required when duration is repeating. 1 to 1200.' }) durationInMonths?: number | null;
  @Field(() => String, { nullable: true, description: "Unique in the program. The coupon's id in a billing provider, at most 200 characters." })
  externalId?: string | null;
  @Field(() => Int, { nullable: true, description: `${MAX_REDEMPTIONS}: 0 to 2000000000, not below timesRedeemed. null: no limit.` })
  maxRedemptions?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'true: the discount is limited to productIds (not checked here). Default on creation: false.' })
  limitToProducts?: boolean | null;
  @Field(() => [String], { nullable: true, description: 'Product ids in the billing provider: at most 1000, each at most 200 characters.' })
  productIds?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'false stops the coupon being applied: its codes are refused. Default on creation: true.' }) valid?:
    boolean | null;
  @Field(() => Date, { nullable: true, description: 'ISO 8601 date-time from which its codes are refused; null: no end.' }) redeemBy?: Date | null;
  @Field(() => String, { nullable: true, description: 'The billing integration the coupon belongs to, at most 100 characters.' })
  integrationType?: string | null;
}

@InputType({ description: 'A new coupon. PERCENTAGE needs percentOff; FLAT needs amountOff and currency; repeating needs durationInMonths.' })
export class CreateCouponInput extends CouponFieldsInput implements GraphQLInput<CreateCouponBody, 'redeemBy'> {
  // Required (spec 4.4, POST /coupons), yet nullable in the schema: a missing name is the VALIDATION_FAILED
  // "name is required" a REST client gets, checked at the edge (src/graphql/input-validation.ts).
  @Field(() => String, { nullable: true, description: `Required (a missing one is VALIDATION_FAILED), ${NAME}` }) name!: string;
}

@InputType({ description: 'Changes to the coupon couponId: omitted fields are unchanged, null clears an optional value. The result is checked as a whole.' })
export class UpdateCouponInput extends CouponFieldsInput implements GraphQLInput<UpdateCouponBody, 'redeemBy'> {
  @Field({ description: 'The coupon (UUID).' }) couponId!: string;
  @Field(() => String, { nullable: true, description: `New name, ${NAME} Cannot be cleared.` }) name?: string | null;
}

@ObjectType({ description: 'The coupon a delete removed.' })
export class DeletedCouponRef {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field(() => String, { nullable: true, description: 'Its name.' }) name!: string | null;
}

@ObjectType({ description: 'The answer of deleteCoupon.' })
export class DeleteCouponPayload {
  @Field({ description: 'A confirmation sentence for people.' }) message!: string;
  @Field(() => DeletedCouponRef, { description: 'The deleted coupon.' }) deletedCoupon!: DeletedCouponRef;
}
