import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Coupon } from '../../modules/coupons/coupon.entity';
import { couponPresenter } from '../../modules/promo-codes/promotional-code.presenter';
import { loadRelation } from '../presenters';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { Connection, toConnection } from '../types/connection.type';
import { AutoCouponRuleInput, AutoCouponRuleType, CouponType, CreateCouponInput, DeleteCouponPayload, UpdateCouponInput } from '../types/coupon.type';
import { PromotionalCodeType } from '../types/promotional-code.type';
import { ValidateArgs } from '../input-validation';
import { AutoCouponRuleBody, CouponLookupArgs, CreateCouponBody, DeleteCouponBody, UpdateCouponBody } from '../../validation/schemas/coupons.schemas';

export const CouponConnection = Connection(CouponType, 'Coupon');

@Resolver(() => CouponType)
export class CouponResolver {
  @ValidateArgs(CouponLookupArgs.properties)
  @Query(() => CouponType, { nullable: true, description: 'One coupon by id, externalId or name.' })
  coupon(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => String, { nullable: true }) id: string | null,
    @Arg('externalId', () => String, { nullable: true }) externalId: string | null,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.coupons.findCoupon(ctx, programId, { id, externalId, name });
  }

  @Query(() => CouponConnection, { description: 'Coupons, newest first.' })
  async coupons(@Args() { programId, first, after }: ProgramPageArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.coupons.listCoupons(ctx, programId, { first, after }));
  }

  @ValidateArgs({ input: CreateCouponBody })
  @Mutation(() => CouponType, { description: 'Creates a coupon; fires coupon.created.' })
  createCoupon(@Args() { programId }: ProgramArg, @Arg('input') input: CreateCouponInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.coupons.createCoupon(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateCouponBody })
  @Mutation(() => CouponType, { description: 'Updates a coupon; discount changes reach every code. Fires coupon.updated.' })
  updateCoupon(@Args() { programId }: ProgramArg, @Arg('input') input: UpdateCouponInput, @Ctx() ctx: GraphQLContext) {
    const { couponId, ...fields } = input;
    return ctx.services.coupons.updateCoupon(ctx, programId, couponId, fields);
  }

  @ValidateArgs(DeleteCouponBody.properties)
  @Mutation(() => DeleteCouponPayload, { description: 'Deletes a coupon and its promotional codes; fires coupon.deleted.' })
  async deleteCoupon(@Args() { programId }: ProgramArg, @Arg('couponId') couponId: string, @Ctx() ctx: GraphQLContext) {
    return { message: 'Coupon deleted', deletedCoupon: await ctx.services.coupons.deleteCoupon(ctx, programId, couponId) };
  }

  @ValidateArgs({ input: AutoCouponRuleBody })
  @Mutation(() => CouponType, { description: 'Configures the rule that gives every new affiliate a generated code of this coupon.' })
  setAutoCouponRule(
    @Args() { programId }: ProgramArg,
    @Arg('couponId', () => ID) couponId: string,
    @Arg('input') input: AutoCouponRuleInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.coupons.setAutoCouponRule(ctx, programId, couponId, { ...input, codeStructure: { ...input.codeStructure } as never });
  }

  @Mutation(() => CouponType)
  removeAutoCouponRule(@Args() { programId }: ProgramArg, @Arg('couponId', () => ID) couponId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.coupons.removeAutoCouponRule(ctx, programId, couponId);
  }

  @FieldResolver(() => [PromotionalCodeType], { description: 'Newest first, each with its assigned affiliate.' })
  promotionalCodes(@Root() c: Coupon, @Ctx() ctx: GraphQLContext) {
    return loadRelation(couponPresenter, 'promotionalCodes', c, ctx);
  }

  @FieldResolver(() => AutoCouponRuleType, { nullable: true, description: 'Present when a rule is configured.' })
  autoCouponRule(@Root() c: Coupon, @Ctx() ctx: GraphQLContext) {
    return loadRelation(couponPresenter, 'autoCouponRule', c, ctx);
  }
}
