import { Field, ID, ObjectType } from 'type-graphql';
import { CREATED_AT, PROGRAM_ID } from './descriptions';

@ObjectType('ApiKey', { description: 'An API key of a program; the key itself is only shown when created.' })
export class ApiKeyType {
  @Field(() => ID, { description: 'Key id (UUID); not the key.' }) id!: string;
  @Field(() => ID, { description: PROGRAM_ID }) programId!: string;
  @Field({ description: 'A label to tell keys apart, 1 to 200 characters.' }) name!: string;
  @Field({ description: 'The first characters of the key, to recognise it.' }) prefix!: string;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the key last authenticated a request, to within a minute (ISO 8601, UTC); null: never used.' })
  lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it was revoked (ISO 8601, UTC); null while the key works.' }) revokedAt!: Date | null;
}

@ObjectType({ description: 'A new API key: the key, shown this once, and its record.' })
export class CreateApiKeyPayload {
  @Field({ description: 'The bearer key. Shown this once; store it now.' }) key!: string;
  @Field(() => ApiKeyType, { description: 'The stored record of the key (its prefix, not the key).' }) apiKey!: ApiKeyType;
}
