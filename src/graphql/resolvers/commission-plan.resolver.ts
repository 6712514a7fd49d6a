import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { AffiliateGroupType, CommissionPlanType, CreateCommissionPlanInput } from '../types/commission-plan.type';
import { ValidateArgs } from '../input-validation';
import { NOT_PARTNER, PROGRAM_ARG } from '../types/descriptions';
import { CreateCommissionPlanBody, NameArgs } from '../../validation/schemas/programs.schemas';

@Resolver()
export class CommissionPlanResolver {
  @Query(() => [CommissionPlanType], { description: `The commission plans of the program, oldest first. ${NOT_PARTNER}` })
  commissionPlans(@Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.commissionPlans.listCommissionPlans(ctx, programId);
  }

  @ValidateArgs({ input: CreateCommissionPlanBody })
  @Mutation(() => CommissionPlanType, {
    description: `Creates a commission plan; affiliates assigned to it without a rate of their own earn its rate. ${NOT_PARTNER}`,
  })
  createCommissionPlan(
    @Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null,
    @Arg('input', { description: 'The new plan.' }) input: CreateCommissionPlanInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.commissionPlans.createCommissionPlan(ctx, programId, input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a plan; its affiliates fall back to their own or the program rate. Answers true; NOT_FOUND when no such plan. ${NOT_PARTNER}`,
  })
  deleteCommissionPlan(
    @Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null,
    @Arg('id', () => ID, { description: 'The plan (UUID).' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.commissionPlans.deleteCommissionPlan(ctx, programId, id);
  }

  @Query(() => [AffiliateGroupType], { description: `The affiliate groups of the program, oldest first. ${NOT_PARTNER}` })
  affiliateGroups(@Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliateGroups.listAffiliateGroups(ctx, programId);
  }

  @ValidateArgs(NameArgs.properties)
  @Mutation(() => AffiliateGroupType, { description: `Creates an affiliate group. ${NOT_PARTNER}` })
  createAffiliateGroup(
    @Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null,
    @Arg('name', { description: 'The group name, 1 to 200 characters.' }) name: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.affiliateGroups.createAffiliateGroup(ctx, programId, name);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a group; its affiliates and plans remain without a group. Answers true; NOT_FOUND when no such group. ${NOT_PARTNER}`,
  })
  deleteAffiliateGroup(
    @Arg('programId', () => ID, { nullable: true, description: PROGRAM_ARG }) programId: string | null,
    @Arg('id', () => ID, { description: 'The group (UUID).' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.affiliateGroups.deleteAffiliateGroup(ctx, programId, id);
  }
}
