import { Arg, Args, Ctx, FieldResolver, Float, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgsType, ProgramArg, ProgramPageArgs } from '../types/args.type';
import { moneyToNumber } from '../../common/money';
import { pageWindow, toPage } from '../../common/pagination';
import type { Affiliate } from '../../modules/affiliates/affiliate.entity';
import { affiliateCommissionRate, affiliateSlugs } from '../../modules/affiliates/affiliate.view';
import { withProgram, type GraphQLContext } from '../context';
import { Connection, toConnection } from '../types/connection.type';
import { AffiliateType, CreateAffiliateInput, DeleteAffiliatePayload, UpdateAffiliateInput, UpdateCountPayload } from '../types/affiliate.type';
import { LinkType } from '../types/link.type';

export const AffiliateConnection = Connection(AffiliateType, 'Affiliate');
export const LinkConnection = Connection(LinkType, 'Link');

@Resolver(() => AffiliateType)
export class AffiliateResolver {
  @Query(() => AffiliateType, { nullable: true, description: 'One affiliate by `id` (UUID, link slug or numeric click id) or `email`; `email` is ignored when `id` is set.' })
  affiliate(@Args() { programId }: ProgramArg, @Arg('id', () => String, { nullable: true }) id: string | null, @Arg('email', () => String, { nullable: true }) email: string | null, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliates.findAffiliate(ctx, { programId, id, email });
  }

  @Query(() => AffiliateConnection, { description: 'Affiliates in creation order.' })
  async affiliates(@Args() { programId, first, after }: ProgramPageArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.affiliates.listAffiliates(ctx, programId, { first, after }));
  }

  @Mutation(() => AffiliateType, { description: 'Creates an affiliate with its first link; sends the admin and welcome emails and fires affiliate.created.' })
  createAffiliate(@Args() { programId }: ProgramArg, @Arg('input') input: CreateAffiliateInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.affiliates.createAffiliate(ctx, programId, input);
  }

  @Mutation(() => UpdateCountPayload, { description: 'Updates the affiliate identified by affiliateId or emailAddress; fires affiliate.updated.' })
  async updateAffiliate(@Args() { programId }: ProgramArg, @Arg('input') input: UpdateAffiliateInput, @Ctx() ctx: GraphQLContext) {
    return { count: await ctx.services.affiliates.updateAffiliates(ctx, programId, input) };
  }

  @Mutation(() => DeleteAffiliatePayload, { description: 'Deletes the affiliate (UUID or email) and everything attributed to it; fires affiliate.deleted.' })
  async deleteAffiliate(@Args() { programId }: ProgramArg, @Arg('affiliateId', () => String) affiliateId: string, @Ctx() ctx: GraphQLContext) {
    const deleted = await ctx.services.affiliates.deleteAffiliate(ctx, programId, affiliateId);
    return { message: deleted ? 'Affiliate deleted' : 'No affiliate matched; nothing was deleted', deletedAffiliate: deleted };
  }

  @FieldResolver(() => String)
  name(@Root() a: Affiliate): string {
    return `${a.firstName} ${a.lastName}`;
  }

  @FieldResolver(() => [String], { description: 'Slugs of the links the affiliate owns.' })
  affiliateLinks(@Root() a: Affiliate, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return affiliateSlugs(ctx.loaders.for(a.programId), a);
  }

  @FieldResolver(() => Float, { description: "Effective rate (percentage): the affiliate's own, else its plan's, else the program default." })
  commissionRate(@Root() a: Affiliate, @Ctx() ctx: GraphQLContext) {
    return withProgram(ctx, a.programId, (p) => affiliateCommissionRate(ctx.loaders.for(a.programId), p, a));
  }

  @FieldResolver(() => Float, { description: 'In the program currency, rounded to its minor unit.' })
  totalCommissionEarned(@Root() a: Affiliate, @Ctx() ctx: GraphQLContext) {
    return withProgram(ctx, a.programId, (p) => moneyToNumber(a.totalCommissionEarned, p.currency));
  }

  @FieldResolver(() => LinkConnection)
  async links(@Root() a: Affiliate, @Args() { first, after }: PageArgsType, @Ctx() ctx: GraphQLContext) {
    // Through the loader: listing affiliates with their links costs one query for all of them.
    const all = await ctx.loaders.for(a.programId).linksByAffiliateId.load(a.id);
    const { limit, afterId } = pageWindow({ first, after });
    return toConnection(toPage(afterId ? all.filter((l) => l.id > afterId) : all, limit));
  }
}
