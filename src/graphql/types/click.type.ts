import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { RecordClickBody } from '../../validation/schemas/clicks.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('Click', { description: 'A visit through an affiliate link; its numeric id is accepted wherever an affiliate is identified.' })
export class ClickType {
  @Field(() => GraphQLSafeInt) id!: number;
  @Field(() => String, { nullable: true }) link!: string | null;
  @Field(() => ID, { nullable: true }) linkId!: string | null;
  @Field(() => ID) affiliateId!: string;
  @Field(() => String, { nullable: true }) referrer!: string | null;
  @Field(() => String, { nullable: true }) userAgent!: string | null;
  @Field(() => String, { nullable: true }) landingUrl!: string | null;
  @Field() createdAt!: Date;
}

@InputType({ description: 'A click seen by your own server; the visitor IP is stored only as a hash.' })
export class RecordClickInput implements GraphQLInput<RecordClickBody> {
  @Field({ description: 'The link slug.' }) link!: string;
  @Field(() => String, { nullable: true }) referrer?: string | null;
  @Field(() => String, { nullable: true }) userAgent?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The visitor's address. With it, a repeat by the same visitor (ip + userAgent) on the link within 30 minutes returns the counted click and counts nothing; without it every report counts.",
  })
  ip?: string | null;
  @Field(() => String, { nullable: true }) landingUrl?: string | null;
}
