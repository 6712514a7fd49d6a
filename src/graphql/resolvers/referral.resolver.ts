import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Referral } from '../../modules/referrals/referral.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import { CreateReferralInput, DeleteReferralPayload, ReferralFilterInput, ReferralType, UpdateReferralInput } from '../types/referral.type';
import { ValidateArgs } from '../input-validation';
import type { GraphQLInput } from '../types/input-shape';
import { CreateReferralBody, DeleteReferralBody, ReferralListArgs, ReferralLookupArgs, UpdateReferralBody } from '../../validation/schemas/referrals.schemas';

export const ReferralConnection = Connection(ReferralType, 'Referral');

@ArgsType()
class ReferralsArgs extends ProgramPageArgs implements GraphQLInput<ReferralListArgs> {
  @Field(() => ReferralFilterInput, { nullable: true }) filter?: ReferralFilterInput | null;
}

@Resolver(() => ReferralType)
export class ReferralResolver {
  @ValidateArgs(ReferralLookupArgs.properties)
  @Query(() => ReferralType, { nullable: true, description: 'A referral by UUID; when none matches, the value is retried as the referred email.' })
  referral(@Args() { programId }: ProgramArg, @Arg('id') id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.referrals.findReferral(ctx, programId, id);
  }

  @ValidateArgs(ReferralListArgs.properties)
  @Query(() => ReferralConnection, { description: 'Referrals matching every given filter, in creation order.' })
  async referrals(@Args() { programId, filter, first, after }: ReferralsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.referrals.listReferrals(ctx, programId, filter ?? {}, { first, after }));
  }

  @ValidateArgs({ input: CreateReferralBody })
  @Mutation(() => ReferralType, { nullable: true, description: 'Records a referral (always active); null when no affiliate matches. Fires referral.created.' })
  createReferral(@Args() { programId }: ProgramArg, @Arg('input') input: CreateReferralInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.referrals.createReferral(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateReferralBody })
  @Mutation(() => ReferralType, { description: 'Updates a referral; fires referral.updated.' })
  updateReferral(@Args() { programId }: ProgramArg, @Arg('input') input: UpdateReferralInput, @Ctx() ctx: GraphQLContext) {
    const { referralId, ...fields } = input;
    return ctx.services.referrals.updateReferral(ctx, programId, referralId, fields);
  }

  @ValidateArgs(DeleteReferralBody.properties)
  @Mutation(() => DeleteReferralPayload, { description: 'Deletes the referral (UUID) or the referrals of an email, with their sales; fires referral.deleted.' })
  async deleteReferral(@Args() { programId }: ProgramArg, @Arg('referralId') referralId: string, @Ctx() ctx: GraphQLContext) {
    const deleted = await ctx.services.referrals.deleteReferral(ctx, programId, referralId);
    return {
      message: deleted.length ? `Deleted ${deleted.length} referral${deleted.length > 1 ? 's' : ''}` : 'No referral matched; nothing was deleted',
      deletedReferrals: deleted,
    };
  }

  @FieldResolver(() => AffiliateType, { nullable: true })
  affiliate(@Root() r: Referral, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(r.programId).affiliateById.load(r.affiliateId);
  }
}
