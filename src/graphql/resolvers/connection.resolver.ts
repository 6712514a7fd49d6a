import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { CREATED_AT, OWN_PROGRAM_ARG, PROGRAM_ID, SESSION_ONLY } from '../types/descriptions';

@ObjectType('Connection', { description: "An automation partner's access to a program (OAuth token); revocable." })
export class ConnectionType {
  @Field(() => ID, { description: 'Connection id (UUID).' }) id!: string;
  @Field(() => ID, { description: PROGRAM_ID }) programId!: string;
  @Field({ description: 'The partner (workflow automation service) holding the token, such as zapier.' }) partner!: string;
  @Field({ description: 'The first characters of the token, to recognise it.' }) prefix!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the token last authenticated a request, to within a minute (ISO 8601, UTC); null: never used.' })
  lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it was revoked (ISO 8601, UTC); null while the token works.' }) revokedAt!: Date | null;
}

@Resolver(() => ConnectionType)
export class ConnectionResolver {
  @Query(() => [ConnectionType], { description: `Connected apps of one of your programs, newest first. ${SESSION_ONLY}` })
  connections(@Arg('programId', () => ID, { description: OWN_PROGRAM_ARG }) programId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.oauth.listConnections(ctx, programId);
  }

  @Mutation(() => ConnectionType, {
    description: `Revokes a connection: its token is refused (401) from the next request. Revoking twice is harmless. ${SESSION_ONLY}`,
  })
  revokeConnection(@Arg('id', () => ID, { description: 'The connection (UUID), of a program of the signed-in user.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.oauth.revokeConnection(ctx, id);
  }
}
