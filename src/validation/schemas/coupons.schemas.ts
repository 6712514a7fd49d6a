import { COUPON_DURATIONS, COUPON_TYPES, RANDOM_CHARS_CASES } from '../enums';
import { Body, Bool, Currency, DateTime, Int, Nullable, Num, Omittable, OneOf, RequiredText, ServiceText, Strings, Text, type Input } from '../kit';
import { PAGE_PARAMS } from './paging.schemas';

const NON_NEGATIVE = 'must be a non-negative integer';

/** A redemption limit (coupons and codes); null: none. */
export const MaxRedemptions = () => Int(0, 2_000_000_000, { errorMessage: { minimum: NON_NEGATIVE, maximum: NON_NEGATIVE } });

/**
 * A coupon's fields besides its name, as PUT /coupons lists them (spec 4.4). Which of percentOff and amountOff
 * a coupon needs, and durationInMonths for repeating ones, are the service's rules (they need the stored coupon).
 */
const DISCOUNT_FIELDS = {
  couponType: Nullable(OneOf(COUPON_TYPES)),
  percentOff: Nullable(Num({ minimum: 1, maximum: 100, errorMessage: { minimum: 'must be from 1 to 100', maximum: 'must be from 1 to 100' } })),
  amountOff: Nullable(
    Num({ exclusiveMinimum: 0, exclusiveMaximum: 1e12, errorMessage: { exclusiveMinimum: 'must be greater than zero', exclusiveMaximum: 'is too large' } }),
  ),
  currency: Nullable(Currency({ blankAllowed: true })),
  duration: Nullable(OneOf(COUPON_DURATIONS)),
  durationInMonths: Nullable(Int(1, 1200)),
  maxRedemptions: Nullable(MaxRedemptions()),
  limitToProducts: Nullable(Bool()),
  productIds: Nullable(Strings(1000, 200)),
  valid: Nullable(Bool()),
  redeemBy: Nullable(DateTime()),
};

/** Set on creation (and over GraphQL on updates too). */
const IDENTITY_FIELDS = { externalId: Nullable(Text(200)), integrationType: Nullable(Text(100)) };

/** GraphQL `coupon(id, externalId, name)`. */
export const CouponLookupArgs = Body({ id: Nullable(Text(200)), externalId: Nullable(Text(200)), name: Nullable(Text(200)) });

/** GET /coupons: a lookup or the list. */
export const CouponsQuery = Body({ ...CouponLookupArgs.properties, ...PAGE_PARAMS });
export type CouponsQuery = Input<typeof CouponsQuery>;

/** POST /coupons, GraphQL CreateCouponInput. */
export const CreateCouponBody = Body({ name: RequiredText(200), ...DISCOUNT_FIELDS, ...IDENTITY_FIELDS });
export type CreateCouponBody = Input<typeof CreateCouponBody>;

/** GraphQL UpdateCouponInput. */
export const UpdateCouponBody = Body({ couponId: RequiredText(200), name: Omittable(RequiredText(200)), ...DISCOUNT_FIELDS, ...IDENTITY_FIELDS });
export type UpdateCouponBody = Input<typeof UpdateCouponBody>;

/** PUT /coupons: UpdateCouponInput without externalId and integrationType (spec 4.4 lists no others). */
export const UpdateCouponRestBody = Body({ couponId: RequiredText(200), name: Omittable(RequiredText(200)), ...DISCOUNT_FIELDS });
export type UpdateCouponRestBody = Input<typeof UpdateCouponRestBody>;

/** DELETE /coupons, GraphQL `deleteCoupon(couponId)`. */
export const DeleteCouponBody = Body({ couponId: RequiredText(200) });
export type DeleteCouponBody = Input<typeof DeleteCouponBody>;

/** GraphQL CodeStructureInput: the pieces of a generated code. */
export const CodeStructureBody = Body({
  firstName: Nullable(Bool()),
  lastName: Nullable(Bool()),
  email: Nullable(Bool()),
  discountAmount: Nullable(Bool()),
  couponName: Nullable(Bool()),
  randomChars: Nullable(Bool()),
});
export type CodeStructureBody = Input<typeof CodeStructureBody>;

/** How generated codes look (POST /promotional-codes, GraphQL AutoCouponRuleInput). */
export const GENERATION_FIELDS = {
  prefix: Nullable(Text(40)),
  randomCharsLength: Nullable(Int(1, 32)),
  randomCharsCase: Nullable(OneOf(RANDOM_CHARS_CASES)),
};

/** GraphQL AutoCouponRuleInput (setAutoCouponRule): its prefix has no size of its own (the generator bounds the code). */
export const AutoCouponRuleBody = Body({ enabled: Nullable(Bool()), codeStructure: CodeStructureBody, ...GENERATION_FIELDS, prefix: Nullable(ServiceText()) });
export type AutoCouponRuleBody = Input<typeof AutoCouponRuleBody>;
