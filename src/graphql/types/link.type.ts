import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { LinkOrderField } from '../../validation/enums';
import type { CreateLinkBody, DeleteLinkBody, LinkListFilter, RenameLinkBody } from '../../validation/schemas/links.schemas';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput, SEARCH } from './list-order.type';
import { AFFILIATE_EMAIL, AFFILIATE_KEY, CREATED_AT, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

const SLUG_RULE = 'Letters, numbers and hyphens only, at most 100 characters, unique in the program (case-insensitively).';
const LINK_ID = 'The link id (UUID).';
const CURRENT_SLUG = "The link's current slug, when id is not sent.";
const FILTER_OWNER = "The owner's UUID; any other value matches nothing.";

@ObjectType('FullUrl', { description: 'A ready-to-share URL: a program base URL with ?ref=<slug>.' })
export class FullUrlType {
  @Field({ description: "One of the program's base URLs, as configured." }) baseUrl!: string;
  @Field({ description: 'baseUrl with ref=<slug> added to its query, before any fragment.' }) fullUrl!: string;
}

@ObjectType('Link', { description: 'An affiliate link (referral slug) with its traffic counters.' })
export class LinkType {
  @Field(() => ID, { description: 'Link id (UUID).' }) id!: string;
  @Field({ description: 'The slug: letters, numbers and hyphens. At most 100 characters, unique in the program.' }) link!: string;
  @Field(() => ID, { description: 'The affiliate who owns the link (UUID).' }) affiliateId!: string;
  @Field(() => Int, { description: 'Clicks counted on the link.' }) clicks!: number;
  @Field(() => Int, { description: 'Referrals attributed through the link (deleted ones no longer count).' }) referrals!: number;
  @Field(() => Int, { description: 'Sales attributed through the link; refunded and deleted ones no longer count.' }) sales!: number;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@InputType({ description: 'All given filters must match.' })
export class LinkFilterInput implements GraphQLInput<LinkListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => String, { nullable: true, description: `${LINK_ID} Any other value matches nothing.` }) id?: string | null;
  @Field(() => String, { nullable: true, description: 'The slug, compared case-insensitively (at most 200 characters).' }) link?: string | null;
  @Field(() => String, { nullable: true, description: FILTER_OWNER }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: AFFILIATE_EMAIL }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true, description: SEARCH("the slug or the owner's first name, last name or email") }) search?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const LinkOrder = ListOrderInput<LinkOrderField>('Link', {
  createdAt: 'When it was created.',
  name: 'The slug, case-insensitively.',
  clicks: 'Counted clicks.',
  referrals: 'Referrals credited through it.',
  sales: 'Its sales that are not refunded.',
  revenue: 'totalEarned of its sales that are not refunded.',
});

@InputType({ description: 'A new link for an affiliate named by affiliateId or affiliateEmail.' })
export class CreateLinkInput implements GraphQLInput<CreateLinkBody> {
  @Field({ description: `The slug. ${SLUG_RULE}` }) link!: string;
  @Field(() => String, { nullable: true, description: `${AFFILIATE_KEY} Wins over affiliateEmail.` }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: `${AFFILIATE_EMAIL} Used when affiliateId is not sent.` }) affiliateEmail?: string | null;
}

@InputType({ description: 'Identify the link by id or current slug.' })
export class RenameLinkInput implements GraphQLInput<RenameLinkBody> {
  @Field(() => String, { nullable: true, description: LINK_ID }) id?: string | null;
  @Field(() => String, { nullable: true, description: CURRENT_SLUG }) link?: string | null;
  @Field({ description: `The new slug. ${SLUG_RULE}` }) newLink!: string;
}

@InputType({ description: 'Identify the link by id or slug.' })
export class DeleteLinkInput implements GraphQLInput<DeleteLinkBody> {
  @Field(() => String, { nullable: true, description: LINK_ID }) id?: string | null;
  @Field(() => String, { nullable: true, description: CURRENT_SLUG }) link?: string | null;
}

@ObjectType({ description: 'The link a delete removed.' })
export class DeletedLinkRef {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field({ description: 'Its slug.' }) link!: string;
}

@ObjectType({ description: 'The answer of deleteLink.' })
export class DeleteLinkPayload {
  @Field({ description: 'A confirmation sentence for people.' }) message!: string;
  @Field(() => DeletedLinkRef, { description: 'The deleted link.' }) deletedLink!: DeletedLinkRef;
}
