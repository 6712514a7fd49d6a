import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Program } from '../../modules/programs/program.entity';
import type { GraphQLContext } from '../context';
import { ProgramInput, ProgramType } from '../types/program.type';
import { ValidateArgs } from '../input-validation';
import { CreateProgramBody, UpdateProgramBody } from '../../validation/schemas/programs.schemas';

@Resolver(() => ProgramType)
export class ProgramResolver {
  @Query(() => [ProgramType], { description: "The signed-in user's programs (an API key sees its own)." })
  programs(@Ctx() ctx: GraphQLContext): Promise<Program[]> {
    return ctx.services.programs.listPrograms(ctx);
  }

  @Query(() => ProgramType)
  program(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Program> {
    return ctx.services.programs.requireProgram(ctx, id);
  }

  @ValidateArgs({ input: CreateProgramBody })
  @Mutation(() => ProgramType)
  createProgram(@Arg('input') input: ProgramInput, @Ctx() ctx: GraphQLContext): Promise<Program> {
    return ctx.services.programs.createProgram(ctx, input);
  }

  @ValidateArgs({ input: UpdateProgramBody })
  @Mutation(() => ProgramType)
  updateProgram(@Arg('id', () => ID) id: string, @Arg('input') input: ProgramInput, @Ctx() ctx: GraphQLContext): Promise<Program> {
    return ctx.services.programs.updateProgram(ctx, id, input);
  }
}
