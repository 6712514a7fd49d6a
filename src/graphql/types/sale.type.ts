import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import type { SaleOrderField } from '../../validation/enums';
import type { RecordSaleBody, SaleListFilter, UpdateSaleBody } from '../../validation/schemas/sales.schemas';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput, SEARCH } from './list-order.type';
import { CommissionStatusEnum } from './commission.type';
import { AFFILIATE_EMAIL, CREATED_AT, money, UPDATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

const DEDUCTED = (what: string, setting: string) => money(`${what} of the sale`) + ` Deducted before the commission when the program sets ${setting}.`;
const AMOUNT_INPUT = ' At most 6 decimals.';
const RECOMPUTES = ' A change recomputes the commission (refused once the sale is refunded or its commission batched or paid).';
const TEXT_200 = 'at most 200 characters';

@ObjectType('Sale', { description: 'A purchase credited to an affiliate, with the commission recorded for it.' })
export class SaleType {
  @Field(() => GraphQLSafeInt, { description: 'Sale id, a positive integer.' }) id!: number;
  @Field(() => String, { nullable: true, description: "The sale's id in your system, unique in the program; null: none." }) externalId!: string | null;
  @Field(() => String, { nullable: true, description: 'The invoice id in your system; null: none.' }) externalInvoiceId!: string | null;
  @Field(() => ID, { description: 'The affiliate credited with the sale (UUID).' }) affiliateId!: string;
  @Field(() => ID, { nullable: true, description: 'The referral it was attributed through (UUID); null: none.' }) referralId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The link it came through (UUID); null: none, or the link was deleted.' }) linkId!: string | null;
  @Field(() => String, { nullable: true, description: 'The promotional code used; null: none.' }) promoCode!: string | null;
  @Field({ description: "The customer's name." }) name!: string;
  @Field({ description: "The customer's email." }) email!: string;
  @Field({ description: 'ISO 4217 code of its amounts: the program currency when it was recorded.' }) currency!: string;
  @Field(() => Float, { description: money('The sale total') + ' Non-zero; negative for adjustments.' }) totalEarned!: number;
  @Field(() => Float, { nullable: true, description: DEDUCTED('Tax', 'deductTax') + ' null: none.' }) tax!: number | null;
  @Field(() => Float, { nullable: true, description: DEDUCTED('Shipping', 'deductShipping') + ' null: none.' }) shipping!: number | null;
  @Field(() => Float, { nullable: true, description: 'The rate the commission was computed with. A percentage; null: none.' }) commissionRate!: number | null;
  @Field(() => Float, { description: money('The commission currently recorded for the credited affiliate (0 once reversed)') })
  commissionEarned!: number;
  @Field(() => CommissionStatusEnum, { nullable: true, description: "The commission's status; null: the sale has no commission." })
  commissionStatus!: CommissionStatusEnum | null;
  @Field({ description: 'true once refunded: its commission is reversed.' }) refunded!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was refunded (ISO 8601, UTC); null: not refunded.' }) refundedAt!: Date | null;
  @Field({
    description: "true: recorded past its customer's commission duration (the affiliate's commission plan), with a zero commission.",
  })
  commissionLimitReached!: boolean;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field({ description: UPDATED_AT }) updatedAt!: Date;
}

@InputType({ description: 'One of referralId (referral UUID, affiliate UUID, link slug or click id), email (a referral) or promoCode.' })
export class RecordSaleInput implements GraphQLInput<RecordSaleBody> {
  @Field(() => String, {
    nullable: true,
    description: `The owner: a referral UUID, an affiliate UUID, a link slug or a numeric click id (${TEXT_200}). Tried first.`,
  })
  referralId?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The customer's email; tried next as the owner: the affiliate of an existing referral with this email.",
  })
  email?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'A promotional code: checked and redeemed; its affiliate is credited when no other owner resolves.',
  })
  promoCode?: string | null;
  @Field(() => String, { nullable: true, description: `The customer's name (${TEXT_200}). Taken from the matched referral when not sent.` })
  name?: string | null;
  @Field(() => Float, { description: money('The sale total') + ' Non-zero; negative for adjustments.' + AMOUNT_INPUT }) totalEarned!: number;
  @Field(() => Float, { nullable: true, description: "Overrides the affiliate's rate for this sale. Percentage, 0 to 100." })
  commissionRate?: number | null;
  @Field(() => Float, { nullable: true, description: money('Tax, zero or more') + AMOUNT_INPUT }) tax?: number | null;
  @Field(() => Float, { nullable: true, description: money('Shipping, zero or more') + AMOUNT_INPUT }) shipping?: number | null;
  @Field(() => String, {
    nullable: true,
    description: `The sale's id in your system (${TEXT_200}). Recorded once per program; a repeat returns the first sale.`,
  })
  externalId?: string | null;
  @Field(() => String, { nullable: true, description: `The invoice id in your system, ${TEXT_200}.` }) externalInvoiceId?: string | null;
}

@InputType({ description: 'Changes to the sale saleId: omitted fields are unchanged, null clears an optional value. Fields not listed are refused.' })
export class UpdateSaleInput implements GraphQLInput<UpdateSaleBody> {
  @Field(() => GraphQLSafeInt, { description: 'The sale to change.' }) saleId!: number;
  @Field(() => String, { nullable: true, description: `The customer's name, 1 to 200 characters. Cannot be cleared.` }) name?: string | null;
  @Field(() => String, { nullable: true, description: "The customer's email address. Cannot be cleared." }) email?: string | null;
  @Field(() => Float, { nullable: true, description: money('The sale total, non-zero') + RECOMPUTES }) totalEarned?: number | null;
  @Field(() => Float, { nullable: true, description: 'The rate for this sale, a percentage 0 to 100.' + RECOMPUTES }) commissionRate?: number | null;
  @Field(() => Float, { nullable: true, description: money('Tax, zero or more') + RECOMPUTES }) tax?: number | null;
  @Field(() => Float, { nullable: true, description: money('Shipping, zero or more') + RECOMPUTES }) shipping?: number | null;
  @Field(() => String, { nullable: true, description: `The sale's id in your system, unique in the program; ${TEXT_200}.` }) externalId?: string | null;
  @Field(() => String, { nullable: true, description: `The invoice id in your system, ${TEXT_200}.` }) externalInvoiceId?: string | null;
  @Field(() => Float, {
    nullable: true,
    description: "Corrects the affiliate's commission record, not the sale: the new commission, in the program currency's units as a decimal number.",
  })
  commissionEarned?: number | null;
}

@InputType({ description: 'All given filters must match.' })
export class SaleFilterInput implements GraphQLInput<SaleListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => String, { nullable: true, description: "The credited affiliate's UUID; any other value matches nothing." }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: AFFILIATE_EMAIL }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true, description: "The referral's UUID; any other value matches nothing." }) referralId?: string | null;
  @Field(() => String, { nullable: true, description: `Matched against externalId (${TEXT_200}).` }) saleExternalId?: string | null;
  @Field(() => String, { nullable: true, description: `Matched against externalInvoiceId (${TEXT_200}).` }) saleExternalInvoiceId?: string | null;
  @Field(() => String, { nullable: true, description: 'The link (UUID) the sale is credited through; any other value matches nothing.' }) linkId?:
    string | null;
  @Field(() => Boolean, { nullable: true, description: 'true: only refunded sales; false: only those not refunded.' }) refunded?: boolean | null;
  @Field(() => String, { nullable: true, description: SEARCH("the customer's name or email on the sale") }) search?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const SaleOrder = ListOrderInput<SaleOrderField>('Sale', {
  createdAt: 'When it was recorded.',
  name: "The customer's name, case-insensitively.",
  revenue: 'totalEarned.',
  commission: 'The commission amount (0 without one).',
});

@ObjectType({ description: 'The answer of recordSale.' })
export class RecordSalePayload {
  @Field(() => SaleType, { nullable: true, description: 'null when no affiliate could be resolved (nothing recorded).' }) sale!: SaleType | null;
  @Field({ description: 'true when externalId was recorded before and this is that first sale.' }) replayed!: boolean;
}

@ObjectType({ description: 'The answer of refundSale.' })
export class RefundSalePayload {
  @Field({ description: 'true when the sale was refunded before: nothing changed.' }) alreadyRefunded!: boolean;
  @Field(() => SaleType, { description: 'The refunded sale.' }) sale!: SaleType;
}
