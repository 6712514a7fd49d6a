import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';

@ObjectType('Connection', { description: "An automation partner's access to a program (OAuth token); revocable." })
export class ConnectionType {
  @Field(() => ID) id!: string;
  @Field(() => ID) programId!: string;
  @Field() partner!: string;
  @Field({ description: 'The first characters of the token, to recognise it.' }) prefix!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@Resolver(() => ConnectionType)
export class ConnectionResolver {
  @Query(() => [ConnectionType], { description: 'Connected apps of one of your programs, newest first.' })
  connections(@Arg('programId', () => ID) programId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.oauth.listConnections(ctx, programId);
  }

  @Mutation(() => ConnectionType, { description: 'Revokes a connection: its token is refused (401) from the next request.' })
  revokeConnection(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.oauth.revokeConnection(ctx, id);
  }
}
