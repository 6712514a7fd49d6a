import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Coupon } from '../../modules/coupons/coupon.entity';
import { couponPresenter } from '../../modules/promo-codes/promotional-code.presenter';
import { loadRelation } from '../presenters';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { Connection, toConnection } from '../types/connection.type';
import { AutoCouponRuleInput, AutoCouponRuleType } from '../types/auto-coupon-rule.type';
import { CouponType, CreateCouponInput, DeleteCouponPayload, UpdateCouponInput } from '../types/coupon.type';
import { NOT_PARTNER } from '../types/descriptions';
import { PromotionalCodeType } from '../types/promotional-code.type';
import { ValidateArgs } from '../input-validation';
import { AutoCouponRuleBody, CouponLookupArgs, CreateCouponBody, DeleteCouponBody, UpdateCouponBody } from '../../validation/schemas/coupons.schemas';

export const CouponConnection = Connection(CouponType, 'Coupon');

@Resolver(() => CouponType)
export class CouponResolver {
  @ValidateArgs(CouponLookupArgs.properties)
  @Query(() => CouponType, {
    nullable: true,
    description: `One coupon by id, externalId or name, checked in that order; null when nothing matches. ${NOT_PARTNER}`,
  })
  coupon(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => String, { nullable: true, description: 'The coupon id (UUID); any other value matches nothing.' }) id: string | null,
    @Arg('externalId', () => String, { nullable: true, description: "The coupon's externalId (at most 200 characters)." }) externalId: string | null,
    @Arg('name', () => String, { nullable: true, description: 'The coupon name, compared case-insensitively (an exact match first).' }) name: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.coupons.findCoupon(ctx, programId, { id, externalId, name });
  }

  @Query(() => CouponConnection, { description: `Coupons, newest first. ${NOT_PARTNER}` })
  async coupons(@Args() { programId, ...page }: ProgramPageArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.coupons.listCoupons(ctx, programId, page));
  }

  @ValidateArgs({ input: CreateCouponBody })
  @Mutation(() => CouponType, {
    description: `Creates a coupon; fires coupon.created. PERCENTAGE needs percentOff, FLAT amountOff and currency, repeating durationInMonths; externalId is unique. ${NOT_PARTNER}`,
  })
  createCoupon(@Args() { programId }: ProgramArg, @Arg('input', { description: 'The new coupon.' }) input: CreateCouponInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.coupons.createCoupon(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateCouponBody })
  @Mutation(() => CouponType, { description: `Updates a coupon; discount changes reach every code. Fires coupon.updated. ${NOT_PARTNER}` })
  updateCoupon(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which coupon, and the changes.' }) input: UpdateCouponInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { couponId, ...fields } = input;
    return ctx.services.coupons.updateCoupon(ctx, programId, couponId, fields);
  }

  @ValidateArgs(DeleteCouponBody.properties)
  @Mutation(() => DeleteCouponPayload, { description: `Deletes a coupon and its promotional codes; fires coupon.deleted. ${NOT_PARTNER}` })
  async deleteCoupon(@Args() { programId }: ProgramArg, @Arg('couponId', { description: 'The coupon (UUID).' }) couponId: string, @Ctx() ctx: GraphQLContext) {
    return { message: 'Coupon deleted', deletedCoupon: await ctx.services.coupons.deleteCoupon(ctx, programId, couponId) };
  }

  @ValidateArgs({ input: AutoCouponRuleBody })
  @Mutation(() => CouponType, {
    description: `Configures the rule that gives every new affiliate a generated code of this coupon, replacing any rule it had. ${NOT_PARTNER}`,
  })
  setAutoCouponRule(
    @Args() { programId }: ProgramArg,
    @Arg('couponId', () => ID, { description: 'The coupon (UUID).' }) couponId: string,
    @Arg('input', { description: 'The rule.' }) input: AutoCouponRuleInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.coupons.setAutoCouponRule(ctx, programId, couponId, { ...input, codeStructure: { ...input.codeStructure } as never });
  }

  @Mutation(() => CouponType, { description: `Removes the coupon's automatic-code rule; codes already generated stay. ${NOT_PARTNER}` })
  removeAutoCouponRule(
    @Args() { programId }: ProgramArg,
    @Arg('couponId', () => ID, { description: 'The coupon (UUID).' }) couponId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.coupons.removeAutoCouponRule(ctx, programId, couponId);
  }

  @FieldResolver(() => [PromotionalCodeType], { description: 'Its promotional codes. Newest first, each with its assigned affiliate.' })
  promotionalCodes(@Root() c: Coupon, @Ctx() ctx: GraphQLContext) {
    return loadRelation(couponPresenter, 'promotionalCodes', c, ctx);
  }

  @FieldResolver(() => AutoCouponRuleType, { nullable: true, description: 'Its automatic-code rule. Present when a rule is configured; null otherwise.' })
  autoCouponRule(@Root() c: Coupon, @Ctx() ctx: GraphQLContext) {
    return loadRelation(couponPresenter, 'autoCouponRule', c, ctx);
  }
}
