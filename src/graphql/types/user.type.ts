import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { SignInBody, SignUpBody } from '../../validation/schemas/auth.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('User', { description: 'A dashboard user.' })
export class UserType {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field() name!: string;
  @Field() createdAt!: Date;
}

@ObjectType({ description: 'A session token (send as `Authorization: Bearer <token>`) and its user.' })
export class AuthPayload {
  @Field() token!: string;
  @Field(() => UserType) user!: UserType;
  @Field() expiresAt!: Date;
}

@InputType()
export class SignUpInput implements GraphQLInput<SignUpBody> {
  @Field() email!: string;
  @Field() password!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
}

@InputType()
export class SignInInput implements GraphQLInput<SignInBody> {
  @Field() email!: string;
  @Field() password!: string;
}
