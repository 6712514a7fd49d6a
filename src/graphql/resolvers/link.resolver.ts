import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Float, Mutation, Query, Resolver, Root } from 'type-graphql';
import { moneyToNumber } from '../../common/money';
import type { AffiliateLink } from '../../modules/affiliates/affiliate-link.entity';
import { fullUrls } from '../../modules/affiliates/affiliate-link.rules';
import { withProgram, type GraphQLContext } from '../context';
import { toConnection } from '../types/connection.type';
import { AffiliateType } from '../types/affiliate.type';
import { CreateLinkInput, DeleteLinkInput, DeleteLinkPayload, FullUrlType, LinkFilterInput, LinkOrder, LinkType, RenameLinkInput } from '../types/link.type';
import { listOrder } from '../types/list-order.type';
import { LinkConnection } from './affiliate.resolver';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { ValidateArgs } from '../input-validation';
import { CreateLinkBody, DeleteLinkBody, LinkListArgs, RenameLinkBody } from '../../validation/schemas/links.schemas';

@ArgsType()
class LinksArgs extends ProgramPageArgs {
  @Field(() => LinkFilterInput, { nullable: true, description: 'Only links matching every given filter; omitted: all links of the program.' })
  filter?: LinkFilterInput | null;
  @Field(() => LinkOrder, { nullable: true, description: 'The order of the list; omitted: creation order (oldest first).' })
  orderBy?: InstanceType<typeof LinkOrder> | null;
}

@Resolver(() => LinkType)
export class LinkResolver {
  @ValidateArgs(LinkListArgs.properties)
  @Query(() => LinkConnection, { description: 'Links matching every given filter, in creation order or orderBy.' })
  async links(@Args() { programId, filter, orderBy, ...page }: LinksArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.links.listLinks(ctx, programId, filter ?? {}, page, listOrder(orderBy)));
  }

  @ValidateArgs({ input: CreateLinkBody })
  @Mutation(() => LinkType, {
    description:
      "Adds a link to an affiliate; fires affiliate.updated for the owner. The owner's assigned promotional codes get connected to it in the background.",
  })
  createLink(@Args() { programId }: ProgramArg, @Arg('input', { description: 'The slug and its owner.' }) input: CreateLinkInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.links.createLink(ctx, programId, input);
  }

  @ValidateArgs({ input: RenameLinkBody })
  @Mutation(() => LinkType, {
    description:
      'Renames a slug; history stays attached. Fires affiliate.updated. The old URLs, trackingUrl included, stop tracking. NOT_FOUND when no link matches.',
  })
  renameLink(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which link, and its new slug.' }) input: RenameLinkInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.links.renameLink(ctx, programId, input);
  }

  @ValidateArgs({ input: DeleteLinkBody })
  @Mutation(() => DeleteLinkPayload, {
    description: 'Deletes a link; its clicks, referrals and sales are kept with the link cleared. Fires affiliate.updated; NOT_FOUND when no link matches.',
  })
  async deleteLink(@Args() { programId }: ProgramArg, @Arg('input', { description: 'Which link.' }) input: DeleteLinkInput, @Ctx() ctx: GraphQLContext) {
    return { message: 'Link deleted', deletedLink: await ctx.services.links.deleteLink(ctx, programId, input) };
  }

  @FieldResolver(() => Float, {
    description: "Revenue of the sales through this link, in the program currency. Refunds deducted; in the currency's units as a decimal number.",
  })
  totalRevenue(@Root() l: AffiliateLink, @Ctx() ctx: GraphQLContext) {
    return withProgram(ctx, l.programId, (p) => moneyToNumber(l.totalRevenue, p.currency));
  }

  @FieldResolver(() => [FullUrlType], { description: 'One ready-to-share URL per program base URL.' })
  fullURLs(@Root() l: AffiliateLink, @Ctx() ctx: GraphQLContext) {
    return withProgram(ctx, l.programId, (p) => fullUrls(p.baseUrls, l.link));
  }

  @FieldResolver(() => String, {
    description:
      "This server's click-tracking URL of the link (<origin>/r/<program id>/<slug>): records a click and redirects to the program's first base URL with ref and click_id. Unique across programs; stops tracking when the link is renamed.",
  })
  trackingUrl(@Root() l: AffiliateLink, @Ctx() ctx: GraphQLContext): string {
    return ctx.services.clicks.trackingUrl(l);
  }

  @FieldResolver(() => [String], {
    description: "Promotional codes connected to this link (the owner's assigned codes). A partner token may not read it.",
  })
  promotionalCodes(@Root() l: AffiliateLink, @Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.loaders.for(l.programId).codesByLinkId.load(l.id);
  }

  @FieldResolver(() => AffiliateType, { nullable: true, description: 'The affiliate who owns the link.' })
  affiliate(@Root() l: AffiliateLink, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(l.programId).affiliateById.with(l.affiliateId, (a) => a);
  }
}
