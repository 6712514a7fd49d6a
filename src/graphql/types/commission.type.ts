import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, PAYOUT_BATCH_STATUSES, type CommissionOrderField, type PayoutBatchOrderField, type PayoutBatchStatus } from '../../validation/enums';
import type { CommissionListFilter, PayoutBatchListFilter } from '../../validation/schemas/payouts.schemas';
import { AFFILIATE_EMAIL, CREATED_AT, money } from './descriptions';
import type { GraphQLInput } from './input-shape';
import { CREATED_AFTER, CREATED_BEFORE, ListOrderInput, SEARCH } from './list-order.type';

export enum CommissionStatusEnum {
  pending = 'pending',
  approved = 'approved',
  paid = 'paid',
  reversed = 'reversed',
}
registerEnumType(CommissionStatusEnum, {
  name: 'CommissionStatus',
  description: 'Where a commission stands.',
  valuesConfig: {
    pending: {
      description:
        "Not payable yet: held for the program's commissionHoldDays (until holdUntil), or, with holdUntil null, until you approve it (approveCommission): a self-referral's sale.",
    },
    approved: { description: 'Payable: it can go into a payout batch or be marked paid.' },
    paid: { description: 'Paid out, in a batch or by hand; its sale can no longer be refunded.' },
    reversed: { description: 'Cancelled by a refund of its sale.' },
  },
});

const WHEN = (what: string, otherwise: string) => `When ${what} (ISO 8601, UTC); null: ${otherwise}.`;

@ObjectType('CommissionEntry', { description: 'An append-only change of a commission: earned, correction or reversal.' })
export class CommissionEntryType {
  @Field({ description: 'earned (the amount first computed), correction (a change of the sale or of commissionEarned) or reversal (a refund).' })
  kind!: string;
  @Field(() => Float, { description: money('The change, signed') }) amount!: number;
  @Field(() => String, { nullable: true, description: 'Why the change was made; null: no note.' }) note!: string | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@ObjectType('Commission', { description: "A sale's commission; amount is the sum of its entries." })
export class CommissionType {
  @Field(() => ID, { description: 'Commission id (UUID).' }) id!: string;
  @Field(() => GraphQLSafeInt, { description: 'The sale it was earned on.' }) saleId!: number;
  @Field(() => ID, { description: 'The affiliate who earned it (UUID).' }) affiliateId!: string;
  @Field(() => Float, { description: 'Percentage used.' }) rate!: number;
  @Field({ description: 'ISO 4217 code of the amounts: the sale currency.' }) currency!: string;
  @Field(() => Date, {
    nullable: true,
    description: 'End of the holding period (ISO 8601, UTC); null: no holding period (a pending commission without one waits for approveCommission).',
  })
  holdUntil!: Date | null;
  @Field(() => Date, { nullable: true, description: WHEN('it became payable', 'not yet') }) approvedAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'The payout batch it is in (UUID); null: none (a failed payout takes it out again).' })
  payoutBatchId!: string | null;
  @Field(() => Date, { nullable: true, description: WHEN('it was paid', 'unpaid') }) paidAt!: Date | null;
  @Field({ description: 'true: marked paid by hand (markCommissionPaid), outside any batch.' }) paidManually!: boolean;
  @Field(() => Date, { nullable: true, description: WHEN('a refund reversed it', 'not reversed') }) reversedAt!: Date | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => CommissionStatusEnum, { description: 'Where it stands; a pending one past holdUntil reads approved.' }) status!: CommissionStatusEnum;
  @Field(() => Float, { description: money('The commission, the sum of its entries') + ' Rounded to the currency minor unit.' }) amount!: number;
  @Field(() => Float, { description: 'totalEarned less the deductions the program enables. ' + money('The amount the rate applied to') }) base!: number;
}

@ObjectType('PayoutBatch', { description: 'Approved commissions grouped to be paid out together: one payout per affiliate (payouts).' })
export class PayoutBatchType {
  @Field(() => ID, { description: 'Batch id (UUID).' }) id!: string;
  @Field({
    description: 'open while a payout in it waits; then paid (every payout paid or failed, at least one paid) or failed (every payout failed).',
  })
  status!: string;
  @Field({ description: 'ISO 4217 code of total: the program currency.' }) currency!: string;
  @Field(() => Int, { description: 'How many commissions it holds.' }) commissionCount!: number;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: WHEN('its last waiting payout was settled', 'still open') }) paidAt!: Date | null;
  @Field(() => Float, { description: money('Sum of its payouts when it was made') + ' Rounded to the currency minor unit.' }) total!: number;
}

export const PayoutBatchStatusEnum = enumObject(PAYOUT_BATCH_STATUSES);
registerEnumType(PayoutBatchStatusEnum, {
  name: 'PayoutBatchStatus',
  description: 'Where a payout batch stands.',
  valuesConfig: {
    open: { description: 'A payout in it waits (pending or processing).' },
    paid: { description: 'Settled: every payout paid or failed, at least one paid.' },
    failed: { description: 'Settled: every payout failed; their commissions are free for a later batch.' },
  },
});

@InputType({ description: 'Which commissions a list keeps: all given filters must match.' })
export class CommissionFilterInput implements GraphQLInput<CommissionListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => CommissionStatusEnum, {
    nullable: true,
    description: 'Only commissions in this status (as stored: a pending one past its hold is approved first).',
  })
  status?: CommissionStatusEnum | null;
  @Field(() => String, { nullable: true, description: "The affiliate's UUID; any other value matches nothing." }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: AFFILIATE_EMAIL }) affiliateEmail?: string | null;
  @Field(() => String, { nullable: true, description: 'The link (UUID) its sale is credited through; any other value matches nothing.' }) linkId?:
    string | null;
  @Field(() => String, { nullable: true, description: SEARCH("the affiliate's first name, last name or email") }) search?: string | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const CommissionOrder = ListOrderInput<CommissionOrderField>('Commission', {
  createdAt: 'When it was created (with its sale).',
  commission: 'The commission amount.',
});

@InputType({ description: 'Which payout batches a list keeps: all given filters must match.' })
export class PayoutBatchFilterInput implements GraphQLInput<PayoutBatchListFilter, 'createdAfter' | 'createdBefore'> {
  @Field(() => PayoutBatchStatusEnum, { nullable: true, description: 'Only batches in this status.' }) status?: PayoutBatchStatus | null;
  @Field(() => Date, { nullable: true, description: CREATED_AFTER }) createdAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: CREATED_BEFORE }) createdBefore?: Date | null;
}

export const PayoutBatchOrder = ListOrderInput<PayoutBatchOrderField>('PayoutBatch', {
  createdAt: 'When it was created.',
  commission: 'Its total.',
  sales: 'How many commissions (one per sale) it holds.',
});
