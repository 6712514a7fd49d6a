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
import { NOT_PARTNER } from '../types/descriptions';
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
  @Field(() => PromotionalCodeFilterInput, { nullable: true, description: 'Only codes matching every given filter; omitted: all codes of the program.' })
  filter?: PromotionalCodeFilterInput | null;
}

@Resolver(() => PromotionalCodeType)
export class PromotionalCodeResolver {
  @ValidateArgs(PromotionalCodeLookupArgs.properties)
  @Query(() => PromotionalCodeType, {
    nullable: true,
    description: `One code by id, code or externalId, checked in that order; null when nothing matches. ${NOT_PARTNER}`,
  })
  promotionalCode(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => String, { nullable: true, description: 'The code id (UUID); any other value matches nothing.' }) id: string | null,
    @Arg('code', () => String, { nullable: true, description: 'The code as typed, compared case-insensitively (at most 200 characters).' }) code: string | null,
    @Arg('externalId', () => String, { nullable: true, description: "The code's externalId." }) externalId: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.promoCodes.findPromoCode(ctx, programId, { id, code, externalId });
  }

  @ValidateArgs(PromotionalCodeListArgs.properties)
  @Query(() => PromotionalCodeConnection, { description: `Codes matching every given filter, newest first. ${NOT_PARTNER}` })
  async promotionalCodes(@Args() { programId, filter, ...page }: PromotionalCodesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.promoCodes.listPromoCodes(ctx, programId, filter ?? {}, page));
  }

  @ValidateArgs({ input: CreatePromotionalCodeBody })
  @Mutation(() => PromotionalCodeType, {
    description: `Creates a code (manual or generated); fires promotional_code.created. An assigned code is connected to its affiliate's links in the background. ${NOT_PARTNER}`,
  })
  createPromotionalCode(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The new code.' }) input: CreatePromotionalCodeInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.promoCodes.createPromoCode(ctx, programId, {
      ...input,
      codeStructure: input.codeStructure ? ({ ...input.codeStructure } as CodeStructure) : null,
    });
  }

  @ValidateArgs({ input: UpdatePromotionalCodeBody })
  @Mutation(() => PromotionalCodeType, { description: `Updates a code (rename included); fires promotional_code.updated. ${NOT_PARTNER}` })
  updatePromotionalCode(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which code, and the changes.' }) input: UpdatePromotionalCodeInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { promotionalCodeId, ...fields } = input;
    return ctx.services.promoCodes.updatePromoCode(ctx, programId, promotionalCodeId, fields);
  }

  @ValidateArgs(DeletePromotionalCodeBody.properties)
  @Mutation(() => DeletePromotionalCodePayload, {
    description: `Deletes a code; sales keep their history. Fires promotional_code.deleted. Later use of the code is refused. ${NOT_PARTNER}`,
  })
  async deletePromotionalCode(
    @Args() { programId }: ProgramArg,
    @Arg('promotionalCodeId', { description: 'The code (UUID).' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { message: 'Promotional code deleted', deletedCode: await ctx.services.promoCodes.deletePromoCode(ctx, programId, id) };
  }

  @FieldResolver(() => CouponType, { nullable: true, description: 'The parent coupon.' })
  coupon(@Root() c: PromotionalCode, @Ctx() ctx: GraphQLContext) {
    return loadRelation(promotionalCodePresenter, 'coupon', c, ctx);
  }

  @FieldResolver(() => AffiliateType, { nullable: true, description: 'The assigned affiliate; null when the code is unassigned.' })
  affiliate(@Root() c: PromotionalCode, @Ctx() ctx: GraphQLContext) {
    return loadRelation(promotionalCodePresenter, 'affiliate', c, ctx);
  }
}
