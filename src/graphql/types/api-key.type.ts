import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('ApiKey', { description: 'An API key of a program; the key itself is only shown when created.' })
export class ApiKeyType {
  @Field(() => ID) id!: string;
  @Field(() => ID) programId!: string;
  @Field() name!: string;
  @Field({ description: 'The first characters of the key, to recognise it.' }) prefix!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@ObjectType()
export class CreateApiKeyPayload {
  @Field({ description: 'The bearer key. Shown this once; store it now.' }) key!: string;
  @Field(() => ApiKeyType) apiKey!: ApiKeyType;
}
