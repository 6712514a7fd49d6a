import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { CreateLinkBody, DeleteLinkBody, LinkFilter, RenameLinkBody } from '../../validation/schemas/links.schemas';
import type { GraphQLInput } from './input-shape';

@ObjectType('FullUrl', { description: 'A ready-to-share URL: a program base URL with ?ref=<slug>.' })
export class FullUrlType {
  @Field() baseUrl!: string;
  @Field() fullUrl!: string;
}

@ObjectType('Link', { description: 'An affiliate link (referral slug) with its traffic counters.' })
export class LinkType {
  @Field(() => ID) id!: string;
  @Field({ description: 'The slug: letters, numbers and hyphens.' }) link!: string;
  @Field(() => ID) affiliateId!: string;
  @Field(() => Int) clicks!: number;
  @Field(() => Int) referrals!: number;
  @Field(() => Int) sales!: number;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType({ description: 'All given filters must match.' })
export class LinkFilterInput implements GraphQLInput<LinkFilter> {
  @Field(() => String, { nullable: true }) id?: string | null;
  @Field(() => String, { nullable: true }) link?: string | null;
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
}

@InputType()
export class CreateLinkInput implements GraphQLInput<CreateLinkBody> {
  @Field() link!: string;
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
}

@InputType({ description: 'Identify the link by id or current slug.' })
export class RenameLinkInput implements GraphQLInput<RenameLinkBody> {
  @Field(() => String, { nullable: true }) id?: string | null;
  @Field(() => String, { nullable: true }) link?: string | null;
  @Field() newLink!: string;
}

@InputType({ description: 'Identify the link by id or slug.' })
export class DeleteLinkInput implements GraphQLInput<DeleteLinkBody> {
  @Field(() => String, { nullable: true }) id?: string | null;
  @Field(() => String, { nullable: true }) link?: string | null;
}

@ObjectType()
export class DeletedLinkRef {
  @Field(() => ID) id!: string;
  @Field() link!: string;
}

@ObjectType()
export class DeleteLinkPayload {
  @Field() message!: string;
  @Field(() => DeletedLinkRef) deletedLink!: DeletedLinkRef;
}
