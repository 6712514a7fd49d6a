import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Program } from '../../modules/programs/program.entity';
import type { GraphQLContext } from '../context';
import { ProgramInput, ProgramType } from '../types/program.type';
import { ValidateArgs } from '../input-validation';
import { OWN_PROGRAM_ARG, SESSION_ONLY } from '../types/descriptions';
import { CreateProgramBody, UpdateProgramBody } from '../../validation/schemas/programs.schemas';

@Resolver(() => ProgramType)
export class ProgramResolver {
  @Query(() => [ProgramType], {
    description:
      "The signed-in user's programs, oldest first (an API key or partner token sees its own; a partner token reads only id, name, domain and logoUrl).",
  })
  programs(@Ctx() ctx: GraphQLContext): Promise<Program[]> {
    return ctx.services.programs.listPrograms(ctx);
  }

  @Query(() => ProgramType, {
    description:
      "One program: one of the signed-in user's, or the credential's own (id may be omitted with an API key or partner token). NOT_FOUND otherwise (FORBIDDEN for another program with a key or token). A partner token reads only id, name, domain and logoUrl.",
  })
  program(
    @Arg('id', () => ID, { nullable: true, description: "The program (UUID); omitted: the API key's or partner token's own." }) id: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Program> {
    return ctx.services.programs.requireProgram(ctx, id);
  }

  @ValidateArgs({ input: CreateProgramBody })
  @Mutation(() => ProgramType, { description: `Creates a program owned by the signed-in user. ${SESSION_ONLY}` })
  createProgram(@Arg('input', { description: 'The settings; name is required.' }) input: ProgramInput, @Ctx() ctx: GraphQLContext): Promise<Program> {
    return ctx.services.programs.createProgram(ctx, input);
  }

  @ValidateArgs({ input: UpdateProgramBody })
  @Mutation(() => ProgramType, { description: `Changes settings of one of the signed-in user's programs. ${SESSION_ONLY}` })
  updateProgram(
    @Arg('id', () => ID, { description: OWN_PROGRAM_ARG }) id: string,
    @Arg('input', { description: 'The settings to change.' }) input: ProgramInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Program> {
    return ctx.services.programs.updateProgram(ctx, id, input);
  }

  @Mutation(() => ProgramType, {
    description: `Gives one of the signed-in user's programs a new publishable key; the old one records no click from then on (paste the new script tag on your site). ${SESSION_ONLY}`,
  })
  rotatePublishableKey(@Arg('id', () => ID, { description: OWN_PROGRAM_ARG }) id: string, @Ctx() ctx: GraphQLContext): Promise<Program> {
    return ctx.services.programs.rotatePublishableKey(ctx, id);
  }

  @FieldResolver(() => String, {
    description:
      "The affiliates' portal: <PUBLIC_URL>/portal/<portalSlug>, where affiliates apply, sign in and see their own links and figures. A partner token may not read it.",
  })
  portalUrl(@Root() program: Program, @Ctx() ctx: GraphQLContext): string {
    return ctx.services.portalAccess.portalUrl(program);
  }
}
