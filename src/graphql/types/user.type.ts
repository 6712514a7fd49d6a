import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { SignInBody, SignUpBody } from '../../validation/schemas/auth.schemas';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

@ObjectType('User', { description: 'A dashboard user.' })
export class UserType {
  @Field(() => ID, { description: 'User id (UUID).' }) id!: string;
  @Field({ description: 'Email address to sign in with, unique (case-insensitively).' }) email!: string;
  @Field({ description: 'Display name: the one given at sign-up, else the part of the email before the at-sign.' }) name!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@ObjectType({ description: 'A session token (send as `Authorization: Bearer <token>`) and its user.' })
export class AuthPayload {
  @Field({ description: 'The session token. Keep it secret; signOut ends it.' }) token!: string;
  @Field(() => UserType, { description: 'The signed-in user.' }) user!: UserType;
  @Field({ description: 'When the token stops working, 30 days after it was issued (ISO 8601, UTC).' }) expiresAt!: Date;
}

@InputType({ description: 'A new dashboard user.' })
export class SignUpInput implements GraphQLInput<SignUpBody> {
  @Field({ description: 'A valid email address, not yet registered.' }) email!: string;
  @Field({ description: 'At least 12 and at most 1024 characters; not a commonly used password, not the email.' }) password!: string;
  @Field(() => String, { nullable: true, description: 'Display name; omitted: the part of the email before the at-sign.' }) name?: string | null;
}

@InputType({ description: 'The credentials of a dashboard user.' })
export class SignInInput implements GraphQLInput<SignInBody> {
  @Field({ description: 'The email address signed up with.' }) email!: string;
  @Field({ description: 'The password.' }) password!: string;
}
