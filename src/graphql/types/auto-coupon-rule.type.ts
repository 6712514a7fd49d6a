import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, RANDOM_CHARS_CASES, type RandomCharsCase } from '../../validation/enums';
import type { AutoCouponRuleBody, CodeStructureBody } from '../../validation/schemas/coupons.schemas';
import type { GraphQLInput } from './input-shape';

export const RandomCharsCaseEnum = enumObject(RANDOM_CHARS_CASES);
export type RandomCharsCaseEnum = RandomCharsCase;
registerEnumType(RandomCharsCaseEnum, {
  name: 'RandomCharsCase',
  description: "The letter case of a generated code's random characters; digits are always among them.",
  valuesConfig: {
    uppercase: { description: 'A to Z and 0 to 9.' },
    lowercase: { description: 'a to z and 0 to 9.' },
    mixed: { description: 'A to Z, a to z and 0 to 9 (the default).' },
  },
});

/** What each piece of a code structure adds; names and the coupon's name keep their letters and digits only. */
const PIECES = {
  firstName: "The affiliate's first name.",
  lastName: "The affiliate's last name.",
  email: "The affiliate's email: the part before the at-sign.",
  discountAmount: "The coupon's discount, digits only (percentOff, or amountOff for FLAT coupons).",
  couponName: "The coupon's name.",
  randomChars: 'randomCharsLength random characters in randomCharsCase.',
};
const CHOSEN = ' true: included.';

@ObjectType('CodeStructure', { description: 'Pieces combined, in this order, into a generated code.' })
export class CodeStructureType {
  @Field({ description: PIECES.firstName + CHOSEN }) firstName!: boolean;
  @Field({ description: PIECES.lastName + CHOSEN }) lastName!: boolean;
  @Field({ description: PIECES.email + CHOSEN }) email!: boolean;
  @Field({ description: PIECES.discountAmount + CHOSEN }) discountAmount!: boolean;
  @Field({ description: PIECES.couponName + CHOSEN }) couponName!: boolean;
  @Field({ description: PIECES.randomChars + CHOSEN }) randomChars!: boolean;
}

const INPUT_CHOSEN = ' true: included; default false.';

@InputType({
  description:
    'The pieces of a generated code, combined after the prefix in this order; names keep only their letters and digits. At most 64 characters in all.',
})
export class CodeStructureInput implements GraphQLInput<CodeStructureBody> {
  @Field(() => Boolean, { nullable: true, description: PIECES.firstName + INPUT_CHOSEN }) firstName?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: PIECES.lastName + INPUT_CHOSEN }) lastName?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: PIECES.email + INPUT_CHOSEN }) email?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: PIECES.discountAmount + INPUT_CHOSEN }) discountAmount?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: PIECES.couponName + INPUT_CHOSEN }) couponName?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: PIECES.randomChars + INPUT_CHOSEN }) randomChars?: boolean | null;
}

@ObjectType('AutoCouponRule', { description: 'Gives every new affiliate a generated code of the coupon.' })
export class AutoCouponRuleType {
  @Field({ description: 'false: the rule is kept but generates nothing.' }) enabled!: boolean;
  @Field(() => CodeStructureType, { description: 'The pieces of each generated code.' }) codeStructure!: CodeStructureType;
  @Field(() => String, { nullable: true, description: 'Text every generated code starts with (letters and digits kept); null: none.' }) prefix!: string | null;
  @Field(() => Int, { description: 'How many random characters the randomChars piece adds, 1 to 32.' }) randomCharsLength!: number;
  @Field(() => RandomCharsCaseEnum, { description: 'The letter case of the random characters.' }) randomCharsCase!: RandomCharsCaseEnum;
}

@InputType({ description: "A coupon's rule for new affiliates: each gets one generated code of the coupon while it is enabled and the coupon valid." })
export class AutoCouponRuleInput implements GraphQLInput<AutoCouponRuleBody> {
  @Field(() => Boolean, { nullable: true, description: 'Default true.' }) enabled?: boolean | null;
  @Field(() => CodeStructureInput, { description: 'The pieces of each code; choose at least one (or send a prefix).' }) codeStructure!: CodeStructureInput;
  @Field(() => String, { nullable: true, description: 'Text every code starts with; only its letters and digits are kept.' }) prefix?: string | null;
  @Field(() => Int, { nullable: true, description: 'Default 4; 1 to 32.' }) randomCharsLength?: number | null;
  @Field(() => RandomCharsCaseEnum, { nullable: true, description: 'Default mixed.' }) randomCharsCase?: RandomCharsCaseEnum | null;
}
