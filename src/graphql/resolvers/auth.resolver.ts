import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { forbidden } from '../../common/errors';
import type { GraphQLContext } from '../context';
import { AuthPayload, SignInInput, SignUpInput, UserType } from '../types/user.type';
import { User } from '../../modules/users/user.entity';

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Creates a dashboard user and returns a session token.' })
  async signUp(@Arg('input') input: SignUpInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    const r = await ctx.services.users.signUp(ctx.em, input);
    return { token: r.token, user: r.user, expiresAt: r.session.expiresAt };
  }

  @Mutation(() => AuthPayload, { description: 'Signs in with email and password and returns a session token.' })
  async signIn(@Arg('input') input: SignInInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    const r = await ctx.services.users.signIn(ctx.em, input);
    return { token: r.token, user: r.user, expiresAt: r.session.expiresAt };
  }

  @Authorized()
  @Query(() => UserType, { description: 'The signed-in dashboard user.' })
  async me(@Ctx() ctx: GraphQLContext): Promise<User> {
    if (ctx.actor.kind !== 'session') throw forbidden('Only a dashboard session has a user');
    return ctx.em.findOneOrFail(User, { id: ctx.actor.userId });
  }
}
