import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ATTRIBUTION_MODELS, enumObject, type AttributionModel } from '../../validation/enums';
import type { UpdateProgramBody } from '../../validation/schemas/programs.schemas';
import { CREATED_AT, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

/** Program fields beyond id, name, domain and logoUrl are settings (src/auth/policy-graphql.ts, GRAPHQL_FIELD_SETS). */
const SETTING = ' A partner token may not read it.';
const LIMIT = (what: string) => `${what} (LIMIT_REACHED beyond it); null: no limit.`;
const PER_MINUTE = (kind: string, fallback: number) =>
  `${kind} per minute allowed to each credential on each operation (a GraphQL root field counts as one); default ${fallback}.`;

export const AttributionModelEnum = enumObject(ATTRIBUTION_MODELS);
export type AttributionModelEnum = AttributionModel;
registerEnumType(AttributionModelEnum, {
  name: 'AttributionModel',
  description: "Which click a visitor's browser keeps when a second affiliate's ref arrives within the cookie window (the tracker's cookie).",
  valuesConfig: {
    first_click: { description: 'The first click keeps the credit until its cookie expires; later clicks are counted but do not replace it.' },
    last_click: { description: 'Each new click replaces the one kept, with a fresh cookie window.' },
  },
});

@ObjectType('Program', { description: 'An affiliate program (the tenant) and its settings.' })
export class ProgramType {
  @Field(() => ID, { description: 'Program id (UUID).' }) id!: string;
  @Field({ description: 'Name, 1 to 200 characters.' }) name!: string;
  @Field(() => String, { nullable: true, description: "The program's website host name, such as example.com; null: none." }) domain!: string | null;
  @Field(() => String, { nullable: true, description: "http(s) URL of the program's logo; null: none." }) logoUrl!: string | null;
  @Field({ description: 'ISO 4217 code; amounts are rounded to its minor unit.' + SETTING }) currency!: string;
  @Field(() => [String], { description: 'Every link gets a full URL for each base URL; tracking links redirect to the first.' + SETTING })
  baseUrls!: string[];
  @Field(() => Float, { description: 'Percentage. The rate of affiliates with no rate of their own or of a plan.' + SETTING }) defaultCommissionRate!: number;
  @Field({ description: 'true: new affiliates sent without a status start active; false: pending.' + SETTING }) autoApproveAffiliates!: boolean;
  @Field({ description: "true: a sale's tax is deducted before its commission is computed." + SETTING }) deductTax!: boolean;
  @Field({ description: "true: a sale's shipping is deducted before its commission is computed." + SETTING }) deductShipping!: boolean;
  @Field(() => Int, { description: 'Days after a sale during which it can be refunded.' + SETTING }) refundWindowDays!: number;
  @Field(() => Int, { nullable: true, description: 'Days a new commission stays pending before it is approved; null or 0: approved at once.' + SETTING })
  commissionHoldDays!: number | null;
  @Field(() => Int, { nullable: true, description: LIMIT('Most affiliates the program may have') + SETTING }) affiliateLimit!: number | null;
  @Field(() => Int, { nullable: true, description: LIMIT('Most referrals recorded per calendar month (UTC)') + SETTING }) monthlyReferralLimit!: number | null;
  @Field(() => Int, { description: PER_MINUTE('Reads', 600) + SETTING }) readsPerMinute!: number;
  @Field(() => Int, { description: PER_MINUTE('Writes', 120) + SETTING }) writesPerMinute!: number;
  @Field({
    description:
      "The tracker's key (pk_…): the data-program of the script tag on your site. Public (it is in your pages): it only records clicks (POST /api/v1/public/clicks from your base URLs' origins); rotatePublishableKey replaces it." +
      SETTING,
  })
  publishableKey!: string;
  @Field(() => Int, { description: "Days the tracker's first-party cookie keeps a click on your site (1 to 365); default 60." + SETTING })
  cookieWindowDays!: number;
  @Field(() => AttributionModelEnum, { description: 'Which click a second ref in the same browser keeps; default first_click.' + SETTING })
  attributionModel!: AttributionModelEnum;
  @Field({
    description: "The affiliates' portal's address: <PUBLIC_URL>/portal/<portalSlug>. Lowercase letters, digits and hyphens, unique across programs." + SETTING,
  })
  portalSlug!: string;
  @Field({
    description: "true: the affiliates' portal is open; false: it is turned off (its pages do not answer and createAffiliatePortalLink is refused)." + SETTING,
  })
  portalEnabled!: boolean;
  @Field({ description: "true: the portal's first page takes applications (sign-up); signing in stays open either way." + SETTING })
  portalSignupOpen!: boolean;
  @Field(() => String, { nullable: true, description: 'Terms an applicant must accept to sign up on the portal; null: none.' + SETTING })
  portalTerms!: string | null;
  @Field(() => Float, {
    description:
      "The least an affiliate's approved, unpaid commissions must add up to before createPayoutBatch (without ids) pays it, in the program currency; default 0." +
      SETTING,
  })
  minimumPayout!: number;
  @Field({ description: CREATED_AT + SETTING }) createdAt!: Date;
  @Field({ description: UPDATED_AT + SETTING }) updatedAt!: Date;
}

@InputType({ description: 'Program settings; on update, omitted fields are unchanged and null clears an optional limit.' })
export class ProgramInput implements GraphQLInput<UpdateProgramBody> {
  @Field(() => String, { nullable: true, description: 'Required on creation; 1 to 200 characters (trimmed). Cannot be cleared.' }) name?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "Host name such as example.com (a port allowed); '' or null clears it. On creation without baseUrls, https://<domain> becomes the base URL.",
  })
  domain?: string | null;
  @Field(() => String, { nullable: true, description: "An http(s) URL; '' or null clears it." }) logoUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'A 3-letter ISO 4217 code; default USD.' }) currency?: string | null;
  @Field(() => [String], { nullable: true, description: 'At most 20 http(s) URLs, repeats dropped; replaces the list. Default none.' }) baseUrls?:
    string[] | null;
  @Field(() => Float, { nullable: true, description: 'Percentage, 0 to 100 with at most 4 decimals; default 20.' }) defaultCommissionRate?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true.' }) autoApproveAffiliates?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Deduct tax before computing commissions; default false.' }) deductTax?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Deduct shipping before computing commissions; default false.' }) deductShipping?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'Days, 0 to 3650; default 30.' }) refundWindowDays?: number | null;
  @Field(() => Int, { nullable: true, description: 'Days, 0 to 1000000000; null: no holding period (the default).' }) commissionHoldDays?: number | null;
  @Field(() => Int, { nullable: true, description: '0 to 1000000000; null: no limit (the default).' }) affiliateLimit?: number | null;
  @Field(() => Int, { nullable: true, description: '0 to 1000000000 referrals a month; null: no limit (the default).' }) monthlyReferralLimit?: number | null;
  @Field(() => Int, { nullable: true, description: '1 to 1000000; default 600.' }) readsPerMinute?: number | null;
  @Field(() => Int, { nullable: true, description: '1 to 1000000; default 120.' }) writesPerMinute?: number | null;
  @Field(() => Int, { nullable: true, description: "Days the tracker's cookie keeps a click, 1 to 365; default 60." }) cookieWindowDays?: number | null;
  @Field(() => AttributionModelEnum, { nullable: true, description: 'Which click a second ref in the same browser keeps; default first_click.' })
  attributionModel?: AttributionModelEnum | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The portal's address (<PUBLIC_URL>/portal/<portalSlug>): 2 to 60 letters, digits and single hyphens, kept lowercase; DUPLICATE when another program has it. Made from the name on creation when omitted. Cannot be cleared.",
  })
  portalSlug?: string | null;
  @Field(() => Boolean, { nullable: true, description: "Whether the affiliates' portal answers; default true." }) portalEnabled?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the portal takes applications (sign-up); default true.' }) portalSignupOpen?: boolean | null;
  @Field(() => String, { nullable: true, description: "Terms an applicant must accept, at most 5000 characters; '' or null: none (the default)." })
  portalTerms?: string | null;
  @Field(() => Float, {
    nullable: true,
    description: 'The minimum payout, in the program currency: 0 or more, at most 6 decimals; default 0 (every positive balance is paid).',
  })
  minimumPayout?: number | null;
}
