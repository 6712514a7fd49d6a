import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Referral } from '../../modules/referrals/referral.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import { CreateReferralInput, DeleteReferralPayload, ReferralFilterInput, ReferralOrder, ReferralType, UpdateReferralInput } from '../types/referral.type';
import { listOrder } from '../types/list-order.type';
import { ValidateArgs } from '../input-validation';
import { CreateReferralBody, DeleteReferralBody, ReferralListArgs, ReferralLookupArgs, UpdateReferralBody } from '../../validation/schemas/referrals.schemas';

export const ReferralConnection = Connection(ReferralType, 'Referral');

@ArgsType()
class ReferralsArgs extends ProgramPageArgs {
  @Field(() => ReferralFilterInput, { nullable: true, description: 'Only referrals matching every given filter; omitted: all referrals of the program.' })
  filter?: ReferralFilterInput | null;
  @Field(() => ReferralOrder, { nullable: true, description: 'The order of the list; omitted: creation order (oldest first).' })
  orderBy?: InstanceType<typeof ReferralOrder> | null;
}

@Resolver(() => ReferralType)
export class ReferralResolver {
  @ValidateArgs(ReferralLookupArgs.properties)
  @Query(() => ReferralType, {
    nullable: true,
    description: 'A referral by UUID; when none matches, the value is retried as the referred email (the newest referral of it). null when neither matches.',
  })
  referral(
    @Args() { programId }: ProgramArg,
    @Arg('id', { description: 'A referral UUID or a referred email (at most 254 characters).' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.referrals.findReferral(ctx, programId, id);
  }

  @ValidateArgs(ReferralListArgs.properties)
  @Query(() => ReferralConnection, { description: 'Referrals matching every given filter, in creation order or orderBy.' })
  async referrals(@Args() { programId, filter, orderBy, ...page }: ReferralsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.referrals.listReferrals(ctx, programId, filter ?? {}, page, listOrder(orderBy)));
  }

  @ValidateArgs({ input: CreateReferralBody })
  @Mutation(() => ReferralType, {
    nullable: true,
    description:
      "Records a referral (always active); null when no affiliate matches. Fires referral.created. Counts on its affiliate and link; refused (LIMIT_REACHED) past the monthly referral limit. One customer, one referrer: a customer (referredUserExternalId) already referred is answered with its referral; under the program's attributionModel first_click nothing changes, under last_click the referral moves to the affiliate named now (referral.updated).",
  })
  createReferral(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The referred user and who sent them.' }) input: CreateReferralInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.referrals.createReferral(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateReferralBody })
  @Mutation(() => ReferralType, {
    description:
      "Updates a referral; fires referral.updated. A referralId not in the program is VALIDATION_FAILED (spec 4.2: 400), not NOT_FOUND. A referredUserExternalId of another referral's customer is DUPLICATE (one customer, one referrer).",
  })
  updateReferral(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which referral, and the changes.' }) input: UpdateReferralInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { referralId, ...fields } = input;
    return ctx.services.referrals.updateReferral(ctx, programId, referralId, fields);
  }

  @ValidateArgs(DeleteReferralBody.properties)
  @Mutation(() => DeleteReferralPayload, {
    description:
      'Deletes the referral (UUID) or the referrals of an email, with their sales; fires referral.deleted. The counters they added are taken back; nothing matched is not an error.',
  })
  async deleteReferral(
    @Args() { programId }: ProgramArg,
    @Arg('referralId', { description: 'A referral UUID, or a referred email: all its referrals (at most 254 characters).' }) referralId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const deleted = await ctx.services.referrals.deleteReferral(ctx, programId, referralId);
    return {
      message: deleted.length ? `Deleted ${deleted.length} referral${deleted.length > 1 ? 's' : ''}` : 'No referral matched; nothing was deleted',
      deletedReferrals: deleted,
    };
  }

  @FieldResolver(() => AffiliateType, { nullable: true, description: 'The affiliate credited with the referral.' })
  affiliate(@Root() r: Referral, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(r.programId).affiliateById.load(r.affiliateId);
  }
}
