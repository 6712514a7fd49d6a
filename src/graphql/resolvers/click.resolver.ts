import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import { clickView, robotClickView } from '../../modules/clicks/click.view';
import type { GraphQLContext } from '../context';
import { ProgramArg } from '../types/args.type';
import { ClickType, PublicClickInput, PublicClickType, RecordClickInput } from '../types/click.type';
import { ValidateArgs } from '../input-validation';
import { PublicClickBody, RecordClickBody } from '../../validation/schemas/clicks.schemas';

@Resolver(() => ClickType)
export class ClickResolver {
  @ValidateArgs({ input: RecordClickBody })
  @Mutation(() => ClickType, {
    description:
      "Records a click your server saw on one of the program's links; counts on the link and affiliate (once per visitor and link per 30 minutes when ip is given). A known robot's userAgent records nothing: the answer has id null.",
  })
  async recordClick(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The link and what your server saw of the visitor.' }) input: RecordClickInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { link, ...meta } = input;
    const r = await ctx.services.clicks.recordClick(ctx, programId, link, meta);
    if (!r.click) return { ...robotClickView(r.link, meta), createdAt: new Date() };
    return { ...clickView(r.click, r.link.link), createdAt: r.click.createdAt };
  }

  @ValidateArgs({ input: PublicClickBody })
  @Mutation(() => PublicClickType, {
    description:
      "Records a click from a visitor's browser on the program's site: the tracker's call. Only POST /api/v1/public/clicks runs it, with the program's publishable key (from the origins of its base URLs); every caller of /graphql is refused.",
  })
  recordPublicClick(
    @Arg('input', { description: 'The ref (and click_id) of the page the visitor landed on.' }) input: PublicClickInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.clicks.recordPublicClick(ctx, input);
  }
}
