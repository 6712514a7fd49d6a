import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ApiKey } from '../../modules/api-keys/api-key.entity';
import type { GraphQLContext } from '../context';
import { ApiKeyType, CreateApiKeyPayload } from '../types/api-key.type';
import { ValidateArgs } from '../input-validation';
import { OWN_PROGRAM_ARG, SESSION_ONLY } from '../types/descriptions';
import { NameArgs } from '../../validation/schemas/programs.schemas';

@Resolver(() => ApiKeyType)
export class ApiKeyResolver {
  @ValidateArgs(NameArgs.properties)
  @Mutation(() => CreateApiKeyPayload, { description: `Creates an API key for the program; the key is in the answer and never shown again. ${SESSION_ONLY}` })
  createApiKey(
    @Arg('programId', () => ID, { description: OWN_PROGRAM_ARG }) programId: string,
    @Arg('name', { description: 'A label to tell keys apart, 1 to 200 characters.' }) name: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.apiKeys.createApiKey(ctx, programId, name);
  }

  @Query(() => [ApiKeyType], { description: `The API keys of the program, oldest first, revoked ones included. ${SESSION_ONLY}` })
  apiKeys(@Arg('programId', () => ID, { description: OWN_PROGRAM_ARG }) programId: string, @Ctx() ctx: GraphQLContext): Promise<ApiKey[]> {
    return ctx.services.apiKeys.listApiKeys(ctx, programId);
  }

  @Mutation(() => ApiKeyType, { description: `Revokes a key: it answers 401 from now on. Revoking twice is harmless. ${SESSION_ONLY}` })
  revokeApiKey(
    @Arg('id', () => ID, { description: 'The key id (UUID), of a program of the signed-in user.' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ApiKey> {
    return ctx.services.apiKeys.revokeApiKey(ctx, id);
  }
}
