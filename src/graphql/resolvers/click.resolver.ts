import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import { clickView } from '../../modules/clicks/click.view';
import type { GraphQLContext } from '../context';
import { ProgramArg } from '../types/args.type';
import { ClickType, RecordClickInput } from '../types/click.type';
import { ValidateArgs } from '../input-validation';
import { RecordClickBody } from '../../validation/schemas/clicks.schemas';

@Resolver(() => ClickType)
export class ClickResolver {
  @ValidateArgs({ input: RecordClickBody })
  @Mutation(() => ClickType, {
    description:
      "Records a click your server saw on one of the program's links; counts on the link and affiliate (once per visitor and link per 30 minutes when ip is given).",
  })
  async recordClick(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The link and what your server saw of the visitor.' }) input: RecordClickInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { link, ...meta } = input;
    const r = await ctx.services.clicks.recordClick(ctx, programId, link, meta);
    return { ...clickView(r.click, r.link.link), createdAt: r.click.createdAt };
  }
}
