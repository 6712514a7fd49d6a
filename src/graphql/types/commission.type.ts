import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CREATED_AT, money } from './descriptions';

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
    pending: { description: "Held for the program's commissionHoldDays (until holdUntil); not payable yet." },
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
  @Field(() => Date, { nullable: true, description: 'End of the holding period (ISO 8601, UTC); null: no hold.' }) holdUntil!: Date | null;
  @Field(() => Date, { nullable: true, description: WHEN('it became payable', 'not yet') }) approvedAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'The payout batch it is in (UUID); null: none.' }) payoutBatchId!: string | null;
  @Field(() => Date, { nullable: true, description: WHEN('it was paid', 'unpaid') }) paidAt!: Date | null;
  @Field({ description: 'true: marked paid by hand (markCommissionPaid), outside any batch.' }) paidManually!: boolean;
  @Field(() => Date, { nullable: true, description: WHEN('a refund reversed it', 'not reversed') }) reversedAt!: Date | null;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@ObjectType('PayoutBatch', { description: 'Approved commissions grouped to be paid out together.' })
export class PayoutBatchType {
  @Field(() => ID, { description: 'Batch id (UUID).' }) id!: string;
  @Field({ description: 'open until marked paid, then paid.' }) status!: string;
  @Field({ description: 'ISO 4217 code of total: the program currency.' }) currency!: string;
  @Field(() => Int, { description: 'How many commissions it holds.' }) commissionCount!: number;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: WHEN('it was marked paid', 'still open') }) paidAt!: Date | null;
}
