import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { PublicClickBody, RecordClickBody } from '../../validation/schemas/clicks.schemas';
import { AttributionModelEnum } from './program.type';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

@ObjectType('Click', { description: 'A visit through an affiliate link; its numeric id is accepted wherever an affiliate is identified.' })
export class ClickType {
  @Field(() => GraphQLSafeInt, {
    nullable: true,
    description: 'Click id, a positive integer: the click_id the tracking redirect adds. null: nothing was recorded (a known robot).',
  })
  id!: number | null;
  @Field(() => String, { nullable: true, description: 'The slug the visit came through; null once that link is deleted.' }) link!: string | null;
  @Field(() => ID, { nullable: true, description: 'The link (UUID); null once that link is deleted.' }) linkId!: string | null;
  @Field(() => ID, { description: 'The affiliate credited with the click (UUID).' }) affiliateId!: string;
  @Field(() => String, { nullable: true, description: 'The page the visitor came from, as reported; null: unknown.' }) referrer!: string | null;
  @Field(() => String, { nullable: true, description: "The visitor's browser (User-Agent), as reported; null: unknown." }) userAgent!: string | null;
  @Field(() => String, { nullable: true, description: 'The page of your site the visitor landed on, as reported; null: unknown.' }) landingUrl!: string | null;
  @Field({ description: `${CREATED_AT} For a known robot's visit (id null), when it was reported.` }) createdAt!: Date;
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

@ObjectType('PublicClick', {
  description:
    'What the tracker (tracker.js) keeps after a visit with ?ref=: the click id for its first-party cookie, and how the program wants that cookie kept.',
})
export class PublicClickType {
  @Field(() => GraphQLSafeInt, {
    nullable: true,
    description: 'The click to keep: window.affiliateReferral, and what POST /referrals takes as affiliateId. null: nothing was recorded (a known robot).',
  })
  clickId!: number | null;
  @Field({
    description:
      'true: this call counted a new click. false: a repeat by the same visitor on the link within 30 minutes, the click the trackingUrl counted already (click_id), or a robot.',
  })
  counted!: boolean;
  @Field(() => Int, { description: "Days to keep the cookie: the program's cookieWindowDays." }) cookieWindowDays!: number;
  @Field(() => AttributionModelEnum, {
    description: "The program's attributionModel: a cookie set earlier in this browser is kept (first_click) or replaced (last_click).",
  })
  attributionModel!: AttributionModelEnum;
}

@InputType({ description: "A visit to the program's site with ?ref=, as the tracker reports it from the visitor's browser." })
export class PublicClickInput implements GraphQLInput<PublicClickBody> {
  @Field({ description: "The page URL's ref: the slug of one of the program's links, at most 200 characters." }) ref!: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The page URL's click_id, when the visitor came through the link's trackingUrl: that click is kept and not counted again (when it is the link's, from the last 30 minutes; otherwise ignored). At most 32 characters.",
  })
  clickId?: string | null;
  @Field(() => String, { nullable: true, description: 'The page the visitor landed on (location.href), at most 2000 characters.' }) landingUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'The page the visitor came from (document.referrer), at most 2000 characters.' }) referrer?:
    string | null;
}
