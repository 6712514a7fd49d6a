import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { AuthPayload, SignInInput, SignUpInput, UserType } from '../types/user.type';
import type { User } from '../../modules/users/user.entity';
import { ValidateArgs } from '../input-validation';
import { SESSION_ONLY } from '../types/descriptions';
import { SignInBody, SignUpBody } from '../../validation/schemas/auth.schemas';

@Resolver()
export class AuthResolver {
  @ValidateArgs({ input: SignUpBody })
  @Mutation(() => AuthPayload, {
    description:
      'Creates a dashboard user and returns a session token. The password needs at least 12 characters and must be neither a commonly used password nor the email. No credential needed.',
  })
  async signUp(@Arg('input', { description: 'The new user.' }) input: SignUpInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    const r = await ctx.services.users.signUp(ctx, input);
    return { token: r.token, user: r.user, expiresAt: r.session.expiresAt };
  }

  @ValidateArgs({ input: SignInBody })
  @Mutation(() => AuthPayload, {
    description:
      'Signs in with email and password and returns a session token. Failed attempts are limited per account and per client address: then RATE_LIMITED (HTTP 429 with Retry-After). No credential needed.',
  })
  async signIn(@Arg('input', { description: 'Email and password.' }) input: SignInInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    const r = await ctx.services.users.signIn(ctx, input);
    return { token: r.token, user: r.user, expiresAt: r.session.expiresAt };
  }

  @Mutation(() => Boolean, { description: `Ends the session of the bearer session token; the token is refused from then on. Answers true. ${SESSION_ONLY}` })
  async signOut(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.users.endSession(ctx);
    return true;
  }

  @Query(() => UserType, { description: `The signed-in dashboard user. ${SESSION_ONLY}` })
  me(@Ctx() ctx: GraphQLContext): Promise<User> {
    return ctx.services.users.currentUser(ctx);
  }
}
