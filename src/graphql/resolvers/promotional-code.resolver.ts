import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { PromotionalCode } from '../../modules/promo-codes/promotional-code.entity';
import type { CodeStructure } from '../../modules/coupons/auto-coupon-rule.entity';
import type { GraphQLContext } from '../context';
import { loadRelation } from '../presenters';
import { promotionalCodePresenter } from '../../modules/promo-codes/promotional-code.presenter';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import { CouponType } from '../types/coupon.type';
import {
  CreatePromotionalCodeInput,
  DeletePromotionalCodePayload,
  PromotionalCodeFilterInput,
  PromotionalCodeType,
  UpdatePromotionalCodeInput,
} from '../types/promotional-code.type';
import { ValidateArgs } from '../input-validation';
import type { GraphQLInput } from '../types/input-shape';
import {
  CreatePromotionalCodeBody,
  DeletePromotionalCodeBody,
  PromotionalCodeListArgs,
  PromotionalCodeLookupArgs,
  UpdatePromotionalCodeBody,
} from '../../validation/schemas/promotional-codes.schemas';

export const PromotionalCodeConnection = Connection(PromotionalCodeType, 'PromotionalCode');

@ArgsType()
class PromotionalCodesArgs extends ProgramPageArgs implements GraphQLInput<PromotionalCodeListArgs> {
  @Field(() => PromotionalCodeFilterInput, { nullable: true }) filter?: PromotionalCodeFilterInput | null;
}

@Resolver(() => PromotionalCodeType)
export class PromotionalCodeResolver {
  @ValidateArgs(PromotionalCodeLookupArgs.properties)
  @Query(() => PromotionalCodeType, { nullable: true, description: 'One code by id, code or externalId.' })
  promotionalCode(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => String, { nullable: true }) id: string | null,
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('externalId', () => String, { nullable: true }) externalId: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.promoCodes.findPromoCode(ctx, programId, { id, code, externalId });
  }

  @ValidateArgs(PromotionalCodeListArgs.properties)
  @Query(() => PromotionalCodeConnection, { description: 'Codes matching every given filter, newest first.' })
  async promotionalCodes(@Args() { programId, filter, first, after }: PromotionalCodesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.promoCodes.listPromoCodes(ctx, programId, filter ?? {}, { first, after }));
  }

  @ValidateArgs({ input: CreatePromotionalCodeBody })
  @Mutation(() => PromotionalCodeType, { description: 'Creates a code (manual or generated); fires promotional_code.created.' })
  createPromotionalCode(@Args() { programId }: ProgramArg, @Arg('input') input: CreatePromotionalCodeInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.promoCodes.createPromoCode(ctx, programId, {
      ...input,
      codeStructure: input.codeStructure ? ({ ...input.codeStructure } as CodeStructure) : null,
    });
  }

  @ValidateArgs({ input: UpdatePromotionalCodeBody })
  @Mutation(() => PromotionalCodeType, { description: 'Updates a code (rename included); fires promotional_code.updated.' })
  updatePromotionalCode(@Args() { programId }: ProgramArg, @Arg('input') input: UpdatePromotionalCodeInput, @Ctx() ctx: GraphQLContext) {
    const { promotionalCodeId, ...fields } = input;
    return ctx.services.promoCodes.updatePromoCode(ctx, programId, promotionalCodeId, fields);
  }

  @ValidateArgs(DeletePromotionalCodeBody.properties)
  @Mutation(() => DeletePromotionalCodePayload, { description: 'Deletes a code; sales keep their history. Fires promotional_code.deleted.' })
  async deletePromotionalCode(@Args() { programId }: ProgramArg, @Arg('promotionalCodeId') id: string, @Ctx() ctx: GraphQLContext) {
    return { message: 'Promotional code deleted', deletedCode: await ctx.services.promoCodes.deletePromoCode(ctx, programId, id) };
  }

  @FieldResolver(() => CouponType, { nullable: true })
  coupon(@Root() c: PromotionalCode, @Ctx() ctx: GraphQLContext) {
    return loadRelation(promotionalCodePresenter, 'coupon', c, ctx);
  }

  @FieldResolver(() => AffiliateType, { nullable: true })
  affiliate(@Root() c: PromotionalCode, @Ctx() ctx: GraphQLContext) {
    return loadRelation(promotionalCodePresenter, 'affiliate', c, ctx);
  }
}
