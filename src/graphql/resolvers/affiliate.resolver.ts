import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { listOrder } from '../types/list-order.type';
import { PageArgsType, ProgramArg, ProgramPageArgs } from '../types/args.type';
import { pageOfList, pageWindow } from '../../common/pagination';
import type { Affiliate } from '../../modules/affiliates/affiliate.entity';
import type { GraphQLContext } from '../context';
import { Connection, toConnection } from '../types/connection.type';
import {
  AffiliateFilterInput,
  AffiliateOrder,
  AffiliateType,
  CreateAffiliateInput,
  DeleteAffiliatePayload,
  UpdateAffiliateInput,
  UpdateCountPayload,
} from '../types/affiliate.type';
import { LinkType } from '../types/link.type';
import { ValidateArgs } from '../input-validation';
import { AFFILIATE_KEY } from '../types/descriptions';
import {
  AffiliateListArgs,
  AffiliateLookupArgs,
  CreateAffiliateBody,
  DeleteAffiliateBody,
  UpdateAffiliateBody,
} from '../../validation/schemas/affiliates.schemas';

export const AffiliateConnection = Connection(AffiliateType, 'Affiliate');

@ArgsType()
class AffiliatesArgs extends ProgramPageArgs {
  @Field(() => AffiliateFilterInput, { nullable: true, description: 'Only affiliates matching every given filter; omitted: all of them.' })
  filter?: AffiliateFilterInput | null;
  @Field(() => AffiliateOrder, { nullable: true, description: 'The order of the list; omitted: creation order (oldest first).' })
  orderBy?: InstanceType<typeof AffiliateOrder> | null;
}
export const LinkConnection = Connection(LinkType, 'Link');

@Resolver(() => AffiliateType)
export class AffiliateResolver {
  @ValidateArgs(AffiliateLookupArgs.properties)
  @Query(() => AffiliateType, {
    nullable: true,
    description: 'One affiliate by `id` (UUID, link slug or numeric click id) or `email`; `email` is ignored when `id` is set. null when nothing matches.',
  })
  affiliate(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => String, { nullable: true, description: AFFILIATE_KEY }) id: string | null,
    @Arg('email', () => String, { nullable: true, description: "The affiliate's email (at most 254 characters); ignored when id is set." })
    email: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.affiliates.findAffiliate(ctx, { programId, id, email });
  }

  @ValidateArgs(AffiliateListArgs.properties)
  @Query(() => AffiliateConnection, { description: 'Affiliates of the program matching the filter, in creation order or orderBy, one page at a time.' })
  async affiliates(@Args() { programId, filter, orderBy, ...page }: AffiliatesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.affiliates.listAffiliates(ctx, programId, page, filter ?? {}, listOrder(orderBy)));
  }

  @ValidateArgs({ input: CreateAffiliateBody })
  @Mutation(() => AffiliateType, {
    description:
      'Creates an affiliate with its first link; sends the admin and welcome emails and fires affiliate.created. Refused (LIMIT_REACHED) once the program has affiliateLimit affiliates.',
  })
  createAffiliate(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The new affiliate.' }) input: CreateAffiliateInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.affiliates.createAffiliate(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateAffiliateBody })
  @Mutation(() => UpdateCountPayload, {
    description:
      'Updates the affiliate identified by affiliateId or emailAddress; fires affiliate.updated. Answers count 0 when none matches. Changed payout details email the affiliate; a partner token may not send them (FORBIDDEN).',
  })
  async updateAffiliate(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which affiliate, and the changes.' }) input: UpdateAffiliateInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { payoutMethod, payoutEmail, stripeAccountId, ...others } = input;
    const payout = { payoutMethod, payoutEmail, stripeAccountId };
    // Payout details (sent only by callers the policy lets write them) go with the rest in one unit of work.
    const count = Object.values(payout).every((v) => v === undefined)
      ? await ctx.services.affiliates.updateAffiliates(ctx, programId, others)
      : await ctx.services.payoutDetails.updateAlongside(ctx, programId, others, payout, (tx) =>
          ctx.services.affiliates.updateAffiliates(tx, programId, others),
        );
    return { count };
  }

  @ValidateArgs(DeleteAffiliateBody.properties)
  @Mutation(() => DeleteAffiliatePayload, {
    description:
      'Deletes the affiliate (UUID or email) and everything attributed to it: links, clicks, referrals, sales, commissions (its payouts stay on record, affiliateId null). Fires affiliate.deleted; nothing matched is not an error. VALIDATION_FAILED while one of its payouts waits or is being paid.',
  })
  async deleteAffiliate(
    @Args() { programId }: ProgramArg,
    @Arg('affiliateId', () => String, { description: "The affiliate's UUID or email (at most 254 characters)." }) affiliateId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const deleted = await ctx.services.affiliates.deleteAffiliate(ctx, programId, affiliateId);
    return { message: deleted ? 'Affiliate deleted' : 'No affiliate matched; nothing was deleted', deletedAffiliate: deleted };
  }

  @FieldResolver(() => LinkConnection, { description: 'The links the affiliate owns, in creation order, one page at a time.' })
  async links(@Root() a: Affiliate, @Args() page: PageArgsType, @Ctx() ctx: GraphQLContext) {
    const w = pageWindow(page);
    // Through the loader: listing affiliates with their links costs one query for all of them.
    const all = await ctx.loaders.for(a.programId).linksByAffiliateId.load(a.id);
    return toConnection(pageOfList(all, w));
  }
}
