import { Field, ID, InputType, ObjectType } from 'type-graphql';

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
export class SignUpInput {
  @Field() email!: string;
  @Field() password!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
}

@InputType()
export class SignInInput {
  @Field() email!: string;
  @Field() password!: string;
}
