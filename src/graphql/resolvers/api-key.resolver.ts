import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ApiKey } from '../../modules/api-keys/api-key.entity';
import type { GraphQLContext } from '../context';
import { ApiKeyType, CreateApiKeyPayload } from '../types/api-key.type';
import { ValidateArgs } from '../input-validation';
import { NameArgs } from '../../validation/schemas/programs.schemas';

@Resolver(() => ApiKeyType)
export class ApiKeyResolver {
  @ValidateArgs(NameArgs.properties)
  @Mutation(() => CreateApiKeyPayload, { description: 'Creates an API key; the key is in the answer and never shown again.' })
  createApiKey(@Arg('programId', () => ID) programId: string, @Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.apiKeys.createApiKey(ctx, programId, name);
  }

  @Query(() => [ApiKeyType])
  apiKeys(@Arg('programId', () => ID) programId: string, @Ctx() ctx: GraphQLContext): Promise<ApiKey[]> {
    return ctx.services.apiKeys.listApiKeys(ctx, programId);
  }

  @Mutation(() => ApiKeyType, { description: 'Revokes a key: it answers 401 from now on.' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiKey> {
    return ctx.services.apiKeys.revokeApiKey(ctx, id);
  }
}
