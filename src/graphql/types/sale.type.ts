import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { RecordSaleBody, SaleFilter, UpdateSaleBody } from '../../validation/schemas/sales.schemas';
import type { GraphQLInput } from './input-shape';

export enum CommissionStatusEnum {
  pending = 'pending',
  approved = 'approved',
  paid = 'paid',
  reversed = 'reversed',
}
registerEnumType(CommissionStatusEnum, { name: 'CommissionStatus' });

@ObjectType('Sale', { description: 'A purchase credited to an affiliate, with the commission recorded for it.' })
export class SaleType {
  @Field(() => GraphQLSafeInt) id!: number;
  @Field(() => String, { nullable: true }) externalId!: string | null;
  @Field(() => String, { nullable: true }) externalInvoiceId!: string | null;
  @Field(() => ID) affiliateId!: string;
  @Field(() => ID, { nullable: true }) referralId!: string | null;
  @Field(() => ID, { nullable: true }) linkId!: string | null;
  @Field(() => String, { nullable: true }) promoCode!: string | null;
  @Field() name!: string;
  @Field() email!: string;
  @Field() currency!: string;
  @Field(() => Float) totalEarned!: number;
  @Field(() => Float, { nullable: true }) tax!: number | null;
  @Field(() => Float, { nullable: true }) shipping!: number | null;
  @Field(() => Float, { nullable: true, description: 'The rate the commission was computed with.' }) commissionRate!: number | null;
  @Field(() => Float, { description: 'The commission currently recorded for the credited affiliate (0 once reversed).' }) commissionEarned!: number;
  @Field(() => CommissionStatusEnum, { nullable: true }) commissionStatus!: CommissionStatusEnum | null;
  @Field() refunded!: boolean;
  @Field(() => Date, { nullable: true }) refundedAt!: Date | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('CommissionEntry', { description: 'An append-only change of a commission: earned, correction or reversal.' })
export class CommissionEntryType {
  @Field() kind!: string;
  @Field(() => Float) amount!: number;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field() createdAt!: Date;
}

@ObjectType('Commission', { description: "A sale's commission; amount is the sum of its entries." })
export class CommissionType {
  @Field(() => ID) id!: string;
  @Field(() => GraphQLSafeInt) saleId!: number;
  @Field(() => ID) affiliateId!: string;
  @Field(() => Float, { description: 'Percentage used.' }) rate!: number;
  @Field() currency!: string;
  @Field(() => Date, { nullable: true }) holdUntil!: Date | null;
  @Field(() => Date, { nullable: true }) approvedAt!: Date | null;
  @Field(() => ID, { nullable: true }) payoutBatchId!: string | null;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
  @Field() paidManually!: boolean;
  @Field(() => Date, { nullable: true }) reversedAt!: Date | null;
  @Field() createdAt!: Date;
}

@ObjectType('PayoutBatch')
export class PayoutBatchType {
  @Field(() => ID) id!: string;
  @Field() status!: string;
  @Field() currency!: string;
  @Field(() => Int) commissionCount!: number;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) paidAt!: Date | null;
}

@InputType({ description: 'One of referralId (referral UUID, affiliate UUID, link slug or click id), email (a referral) or promoCode.' })
export class RecordSaleInput implements GraphQLInput<RecordSaleBody> {
  @Field(() => String, { nullable: true }) referralId?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) promoCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Taken from the matched referral when not sent.' }) name?: string | null;
  @Field(() => Float, { description: 'Non-zero; negative for adjustments.' }) totalEarned!: number;
  @Field(() => Float, { nullable: true, description: "Overrides the affiliate's rate for this sale." }) commissionRate?: number | null;
  @Field(() => Float, { nullable: true }) tax?: number | null;
  @Field(() => Float, { nullable: true }) shipping?: number | null;
  @Field(() => String, { nullable: true, description: 'Recorded once per program; a repeat returns the first sale.' }) externalId?: string | null;
  @Field(() => String, { nullable: true }) externalInvoiceId?: string | null;
}

@InputType()
export class UpdateSaleInput implements GraphQLInput<UpdateSaleBody> {
  @Field(() => GraphQLSafeInt) saleId!: number;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Float, { nullable: true }) totalEarned?: number | null;
  @Field(() => Float, { nullable: true }) commissionRate?: number | null;
  @Field(() => Float, { nullable: true }) tax?: number | null;
  @Field(() => Float, { nullable: true }) shipping?: number | null;
  @Field(() => String, { nullable: true }) externalId?: string | null;
  @Field(() => String, { nullable: true }) externalInvoiceId?: string | null;
  @Field(() => Float, { nullable: true, description: "Corrects the affiliate's commission record, not the sale." }) commissionEarned?: number | null;
}

@InputType({ description: 'All given filters must match.' })
export class SaleFilterInput implements GraphQLInput<SaleFilter> {
  @Field(() => String, { nullable: true }) affiliateId?: string | null;
  @Field(() => String, { nullable: true }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true }) referralId?: string | null;
  @Field(() => String, { nullable: true }) saleExternalId?: string | null;
  @Field(() => String, { nullable: true }) saleExternalInvoiceId?: string | null;
}

@ObjectType()
export class RecordSalePayload {
  @Field(() => SaleType, { nullable: true, description: 'null when no affiliate could be resolved (nothing recorded).' }) sale!: SaleType | null;
  @Field({ description: 'true when externalId was recorded before and this is that first sale.' }) replayed!: boolean;
}

@ObjectType()
export class RefundSalePayload {
  @Field() alreadyRefunded!: boolean;
  @Field(() => SaleType) sale!: SaleType;
}
