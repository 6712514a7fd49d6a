import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { AffiliateGroupType, CommissionPlanType, CreateCommissionPlanInput } from '../types/commission-plan.type';
import { ValidateArgs } from '../input-validation';
import { CreateCommissionPlanBody, NameArgs } from '../../validation/schemas/programs.schemas';

@Resolver()
export class CommissionPlanResolver {
  @Query(() => [CommissionPlanType])
  commissionPlans(@Arg('programId', () => ID, { nullable: true }) programId: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.commissionPlans.listCommissionPlans(ctx, programId);
  }

  @ValidateArgs({ input: CreateCommissionPlanBody })
  @Mutation(() => CommissionPlanType)
  createCommissionPlan(
    @Arg('programId', () => ID, { nullable: true }) programId: string | null,
    @Arg('input') input: CreateCommissionPlanInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.commissionPlans.createCommissionPlan(ctx, programId, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a plan; its affiliates fall back to their own or the program rate.' })
  deleteCommissionPlan(@Arg('programId', () => ID, { nullable: true }) programId: string | null, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.commissionPlans.deleteCommissionPlan(ctx, programId, id);
  }

  @Query(() => [AffiliateGroupType])
  affiliateGroups(@Arg('programId', () => ID, { nullable: true }) programId: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliateGroups.listAffiliateGroups(ctx, programId);
  }

  @ValidateArgs(NameArgs.properties)
  @Mutation(() => AffiliateGroupType)
  createAffiliateGroup(@Arg('programId', () => ID, { nullable: true }) programId: string | null, @Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliateGroups.createAffiliateGroup(ctx, programId, name);
  }

  @Mutation(() => Boolean, { description: 'Deletes a group; its affiliates and plans remain without a group.' })
  deleteAffiliateGroup(@Arg('programId', () => ID, { nullable: true }) programId: string | null, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliateGroups.deleteAffiliateGroup(ctx, programId, id);
  }
}
