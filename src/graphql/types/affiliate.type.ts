import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AFFILIATE_STATUSES, enumObject, PAYOUT_METHODS, type AffiliateOrderField, type AffiliateStatus, type PayoutMethod } from '../../validation/enums';
import type { AffiliateListFilter, CreateAffiliateBody, UpdateAffiliateBody } from '../../validation/schemas/affiliates.schemas';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput, SEARCH } from './list-order.type';
import { AFFILIATE_KEY, CREATED_AT, money, PROGRAM_ID, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

export const AffiliateStatusEnum = enumObject(AFFILIATE_STATUSES);
export type AffiliateStatusEnum = AffiliateStatus;
registerEnumType(AffiliateStatusEnum, {
  name: 'AffiliateStatus',
  description: "An affiliate's standing in the program: a label for the program's own workflow (attribution works whatever the status).",
  valuesConfig: {
    active: { description: 'Approved. New affiliates start here when the program auto-approves them.' },
    pending: { description: 'Waiting for approval: new affiliates start here when the program does not auto-approve them.' },
    inactive: { description: 'Switched off by the program.' },
    rejected: { description: 'Turned down by the program.' },
  },
});

export const PayoutMethodEnum = enumObject(PAYOUT_METHODS);
export type PayoutMethodEnum = PayoutMethod;
registerEnumType(PayoutMethodEnum, {
  name: 'PayoutMethod',
  description: 'How an affiliate is paid: the payout batches pay or export it by this method.',
  valuesConfig: {
    paypal: { description: 'PayPal Payouts, to payoutEmail (the PayPal export of a payout batch).' },
    wise: { description: 'Wise, to payoutEmail (the Wise export of a payout batch).' },
    stripe_connect: { description: 'A Stripe Connect transfer to the connected account stripeAccountId.' },
    manual: { description: 'Paid by the program by other means; marked paid by hand.' },
  },
});

const NAME_PART = '1 to 200 characters.';
/** The payout details: DESIGN.md "Payouts"; the policy's `payoutDetails` (src/auth/policy-graphql.ts). */
const PAYOUT_READ = ' Dashboard session or API key: a partner token gets FORBIDDEN.';
const PAYOUT_WRITE = ' Not for partner tokens: sent with one (null too), the update is FORBIDDEN and changes nothing.';
const PLAN_ID = 'Its commission plan (UUID): the plan rate applies while the affiliate has no rate of its own. null: none.';
const GROUP_ID = 'Its affiliate group (UUID); null: none.';

@ObjectType('Affiliate', { description: 'An affiliate of the program.' })
export class AffiliateType {
  @Field(() => ID, { description: 'Affiliate id (UUID).' }) id!: string;
  @Field({ description: `First name, ${NAME_PART}` }) firstName!: string;
  @Field({ description: `Last name, ${NAME_PART}` }) lastName!: string;
  @Field({ description: 'Email address, unique in the program (case-insensitively).' }) email!: string;
  @Field({ description: 'firstName and lastName joined by a space.' }) name!: string;
  @Field(() => ID, { description: PROGRAM_ID }) programId!: string;
  @Field(() => [String], { description: 'Slugs of the links the affiliate owns.' }) affiliateLinks!: string[];
  @Field(() => Float, { description: "Effective rate (percentage): the affiliate's own, else its plan's, else the program default." })
  commissionRate!: number;
  @Field(() => Float, {
    description: money('Commission earned on its sales, corrections and reversals included') + ' Rounded to the currency minor unit.',
  })
  totalCommissionEarned!: number;
  @Field(() => String, {
    nullable: true,
    deprecationReason: 'Use affiliateLinks and the link operations.',
    description: 'Deprecated (spec section 9), usually null: an affiliate owns any number of links, listed in affiliateLinks.',
  })
  link!: string | null;
  @Field(() => AffiliateStatusEnum, { description: 'Where the affiliate stands in the program.' }) affiliateStatus!: AffiliateStatusEnum;
  @Field(() => ID, { nullable: true, description: PLAN_ID }) commissionPlanId!: string | null;
  @Field(() => ID, { nullable: true, description: GROUP_ID }) affiliateGroupId!: string | null;
  @Field(() => Int, { description: 'Referrals attributed to the affiliate (deleted ones no longer count).' }) numberOfReferredUsers!: number;
  @Field(() => Int, { description: 'Clicks counted on its links.' }) numberOfClicks!: number;
  @Field(() => PayoutMethodEnum, { nullable: true, description: 'How the affiliate is paid; null: none chosen yet.' + PAYOUT_READ })
  payoutMethod!: PayoutMethodEnum | null;
  @Field(() => String, { nullable: true, description: 'Where PayPal or Wise pays the affiliate; null: none.' + PAYOUT_READ }) payoutEmail!: string | null;
  @Field(() => String, { nullable: true, description: 'Its connected Stripe account (acct_…), for Stripe Connect; null: none.' + PAYOUT_READ })
  stripeAccountId!: string | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@InputType({ description: 'A new affiliate. It gets its first link at once.' })
export class CreateAffiliateInput implements GraphQLInput<CreateAffiliateBody> {
  @Field({ description: `Required, ${NAME_PART}` }) firstName!: string;
  @Field({ description: `Required, ${NAME_PART}` }) lastName!: string;
  @Field({ description: 'Required; a valid email address not yet used by another affiliate of the program.' }) email!: string;
  @Field(() => String, {
    nullable: true,
    description:
      'Slug of the first link; generated from the email when omitted. Letters, numbers and hyphens, at most 100 characters; a slug already in use fails (no other is chosen).',
  })
  affiliateLink?: string | null;
  @Field(() => Float, { nullable: true, description: 'Percentage, 0 to 100; inherits the plan or program rate when omitted.' }) commissionRate?: number | null;
  @Field(() => AffiliateStatusEnum, { nullable: true, description: 'Defaults by the program auto-approve setting: active, else pending.' })
  affiliateStatus?: AffiliateStatusEnum | null;
  @Field(() => Boolean, {
    nullable: true,
    description:
      'false: no welcome email. Default true: an active affiliate gets the welcome with its portal and first link, a pending one that its application was received.',
  })
  sendWelcomeEmail?: boolean | null;
  @Field(() => ID, { nullable: true, description: 'A commission plan of the program; with affiliateGroupId, a plan of that group.' })
  commissionPlanId?: string | null;
  @Field(() => ID, { nullable: true, description: 'An affiliate group of the program.' }) affiliateGroupId?: string | null;
}

@InputType({ description: 'Identify by affiliateId (UUID, slug or click id) or emailAddress; other fields are applied.' })
export class UpdateAffiliateInput implements GraphQLInput<UpdateAffiliateBody> {
  @Field(() => String, { nullable: true, description: `${AFFILIATE_KEY} Wins over emailAddress.` }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: "The affiliate's current email, when affiliateId is not sent (at most 254 characters)." })
  emailAddress?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Adds another link; never renames or replaces one. Letters, numbers and hyphens, at most 100 characters, unused in the program.',
  })
  affiliateLink?: string | null;
  @Field(() => String, { nullable: true, description: `New first name, ${NAME_PART} Cannot be cleared.` }) firstName?: string | null;
  @Field(() => String, { nullable: true, description: `New last name, ${NAME_PART} Cannot be cleared.` }) lastName?: string | null;
  @Field(() => String, { nullable: true, description: 'New email address, unused by other affiliates of the program. Cannot be cleared.' }) email?:
    string | null;
  @Field(() => Float, { nullable: true, description: 'Own rate, percentage 0 to 100. null returns the affiliate to the inherited rate.' })
  commissionRate?: number | null;
  @Field(() => AffiliateStatusEnum, { nullable: true, description: 'New status; null or omitted keeps the current one.' })
  affiliateStatus?: AffiliateStatusEnum | null;
  @Field(() => ID, { nullable: true, description: 'A commission plan of the program (of its group, when the affiliate has one); null removes it.' })
  commissionPlanId?: string | null;
  @Field(() => ID, { nullable: true, description: 'An affiliate group of the program; null removes it.' }) affiliateGroupId?: string | null;
  @Field(() => PayoutMethodEnum, {
    nullable: true,
    description:
      'How the affiliate is paid; null clears it. paypal and wise need a payoutEmail, stripe_connect a stripeAccountId (sent now or kept).' + PAYOUT_WRITE,
  })
  payoutMethod?: PayoutMethodEnum | null;
  @Field(() => String, { nullable: true, description: "PayPal or Wise email address (at most 254 characters); '' or null clears it." + PAYOUT_WRITE })
  payoutEmail?: string | null;
  @Field(() => String, { nullable: true, description: "Stripe connected account id such as acct_1A2b3C; '' or null clears it." + PAYOUT_WRITE })
  stripeAccountId?: string | null;
}

@ObjectType({ description: 'How many records an update changed.' })
export class UpdateCountPayload {
  @Field(() => Int, { description: 'Number of records updated; 0 when nothing matched.' }) count!: number;
}

@ObjectType({ description: 'The affiliate a delete removed.' })
export class DeletedAffiliateRef {
  @Field(() => ID, { description: 'Its id (UUID).' }) id!: string;
  @Field({ description: 'Its email.' }) email!: string;
}

@ObjectType({ description: 'The answer of deleteAffiliate, also when nothing matched.' })
export class DeleteAffiliatePayload {
  @Field({ description: 'A confirmation sentence for people.' }) message!: string;
  @Field(() => DeletedAffiliateRef, { nullable: true, description: 'null when nothing matched.' }) deletedAffiliate!: DeletedAffiliateRef | null;
}

@InputType({ description: 'Which affiliates a list keeps: all given filters must match.' })
export class AffiliateFilterInput implements GraphQLInput<AffiliateListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => AffiliateStatusEnum, { nullable: true, description: 'Only affiliates in this status.' }) status?: AffiliateStatus | null;
  @Field(() => String, { nullable: true, description: SEARCH('the first name, last name or email') }) search?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const AffiliateOrder = ListOrderInput<AffiliateOrderField>('Affiliate', {
  createdAt: 'When it was created.',
  name: 'First and last name, case-insensitively.',
  clicks: 'Counted clicks on its links (numberOfClicks).',
  referrals: 'Referred users (numberOfReferredUsers).',
  sales: 'Its sales that are not refunded.',
  revenue: 'totalEarned of its sales that are not refunded.',
  commission: 'Commission earned (totalCommissionEarned).',
});
