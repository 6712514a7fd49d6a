import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { RecordClickBody } from '../../validation/schemas/clicks.schemas';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

@ObjectType('Click', { description: 'A visit through an affiliate link; its numeric id is accepted wherever an affiliate is identified.' })
export class ClickType {
  @Field(() => GraphQLSafeInt, { description: 'Click id, a positive integer: the click_id the tracking redirect adds.' }) id!: number;
  @Field(() => String, { nullable: true, description: 'The slug the visit came through; null once that link is deleted.' }) link!: string | null;
  @Field(() => ID, { nullable: true, description: 'The link (UUID); null once that link is deleted.' }) linkId!: string | null;
  @Field(() => ID, { description: 'The affiliate credited with the click (UUID).' }) affiliateId!: string;
  @Field(() => String, { nullable: true, description: 'The page the visitor came from, as reported; null: unknown.' }) referrer!: string | null;
  @Field(() => String, { nullable: true, description: "The visitor's browser (User-Agent), as reported; null: unknown." }) userAgent!: string | null;
  @Field(() => String, { nullable: true, description: 'The page of your site the visitor landed on, as reported; null: unknown.' }) landingUrl!: string | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@InputType({ description: 'A click seen by your own server; the visitor IP is stored only as a hash.' })
export class RecordClickInput implements GraphQLInput<RecordClickBody> {
  @Field({ description: "The slug of one of the program's links, at most 200 characters." }) link!: string;
  @Field(() => String, { nullable: true, description: 'The Referer the visitor arrived with, at most 2000 characters.' }) referrer?: string | null;
  @Field(() => String, { nullable: true, description: "The visitor's User-Agent, at most 1000 characters." }) userAgent?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The visitor's address (at most 100 characters). With it, a repeat by the same visitor (ip + userAgent) on the link within 30 minutes returns the counted click and counts nothing; without it every report counts.",
  })
  ip?: string | null;
  @Field(() => String, { nullable: true, description: 'The URL the visitor landed on, at most 2000 characters.' }) landingUrl?: string | null;
}
