import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumObject, PAYOUT_EXPORT_FORMATS, PAYOUT_STATUSES, type PayoutOrderField, type PayoutStatus } from '../../validation/enums';
import type { PayoutListFilter } from '../../validation/schemas/payouts.schemas';
import { CREATED_AT, money } from './descriptions';
import type { GraphQLInput } from './input-shape';
import { ListOrderInput } from './list-order.type';
import { PayoutMethodEnum } from './affiliate.type';

export const PayoutStatusEnum = enumObject(PAYOUT_STATUSES);
registerEnumType(PayoutStatusEnum, {
  name: 'PayoutStatus',
  description: "Where an affiliate's payout stands.",
  valuesConfig: {
    pending: { description: 'A Stripe Connect payout waiting for sendPayoutBatch.' },
    processing: {
      description:
        'Being paid: a PayPal, Wise or manual payout until it is marked paid (markPayoutBatchPaid, markPayoutPaid), or a Stripe transfer asked for and not yet answered (sending again is safe).',
    },
    paid: { description: 'Paid, with its commissions; reference says how.' },
    failed: { description: 'Not paid (failureReason says why); its commissions are free for a later batch.' },
  },
});

const WHEN = (what: string, otherwise: string) => `When ${what} (ISO 8601, UTC); null: ${otherwise}.`;

@ObjectType('Payout', { description: "One affiliate's payout in a batch: the sum of its commissions there." })
export class PayoutType {
  @Field(() => ID, { description: 'Payout id (UUID).' }) id!: string;
  @Field(() => ID, { description: 'The batch it is part of (UUID).' }) batchId!: string;
  @Field(() => ID, { nullable: true, description: 'The affiliate it pays (UUID); null once the affiliate was deleted (the payout stays on record).' })
  affiliateId!: string | null;
  @Field(() => Float, { description: money('What it pays, the sum of its commissions') + ' Rounded to the currency minor unit.' }) amount!: number;
  @Field({ description: 'ISO 4217 code of amount: the batch currency.' }) currency!: string;
  @Field(() => PayoutMethodEnum, {
    description: "How it is paid: the affiliate's payout method when the batch was made (manual when it had none).",
  })
  method!: string;
  @Field(() => String, {
    nullable: true,
    description: 'Where the money goes: the PayPal or Wise email, or the Stripe account (acct_…), as they were when the batch was made; null: manual.',
  })
  destination!: string | null;
  @Field(() => PayoutStatusEnum, { description: 'Where it stands.' }) status!: PayoutStatus;
  @Field(() => String, {
    nullable: true,
    description: 'How it was paid: the Stripe transfer id (tr_…), or the reference given when it was marked paid; null: none.',
  })
  reference!: string | null;
  @Field(() => String, { nullable: true, description: "Why it failed (Stripe's message, or the reason given); null: it did not fail." })
  failureReason!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why the last attempt to send it got no answer from Stripe (it stays processing; sending the batch again is safe); null: none.',
  })
  lastError!: string | null;
  @Field(() => Int, { description: 'How many commissions it pays.' }) commissionCount!: number;
  @Field({ description: CREATED_AT }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: WHEN('it was paid', 'not paid') }) paidAt!: Date | null;
  @Field(() => Date, { nullable: true, description: WHEN('it failed', 'it did not fail') }) failedAt!: Date | null;
}

@ObjectType('AmountOwed', { description: 'What one affiliate is owed now: approved commissions not yet paid or in a batch.' })
export class AmountOwedType {
  @Field(() => ID, { description: 'The affiliate (UUID); also the cursor of the next page (after).' }) affiliateId!: string;
  @Field(() => Float, { description: money('The sum of those commissions') + ' Rounded to the currency minor unit.' }) amount!: number;
  @Field({ description: 'ISO 4217 code of amount: the program currency.' }) currency!: string;
  @Field(() => Int, { description: 'How many commissions.' }) commissionCount!: number;
  @Field({
    description: 'true: createPayoutBatch without ids would pay it now (payout details set, at least the program minimumPayout and more than 0).',
  })
  payable!: boolean;
}

export const PayoutExportFormatEnum = enumObject(PAYOUT_EXPORT_FORMATS);
registerEnumType(PayoutExportFormatEnum, {
  name: 'PayoutExportFormat',
  description: 'A file a payout provider accepts.',
  valuesConfig: {
    paypal: { description: "PayPal Payouts' upload format: no header; email, amount, currency, reference (≤ 30 characters), note, PAYPAL." },
    wise: {
      description:
        "Wise's batch template for payments by email: name, recipientEmail, paymentReference, receiverType, amountCurrency, amount, sourceCurrency, targetCurrency.",
    },
  },
});

@ObjectType('PayoutFile', { description: "A batch's payouts of one method as a file to upload to the provider (CSV, UTF-8, CRLF)." })
export class PayoutFileType {
  @Field({ description: 'The name to save it under, e.g. payout-batch-<id>-paypal.csv.' }) filename!: string;
  @Field({ description: 'Its media type: text/csv; charset=utf-8.' }) contentType!: string;
  @Field({
    description:
      "The file's text: one row per waiting payout of the method, amounts in major units with a '.'; a value beginning with =, +, -, @ is prefixed with ' (no spreadsheet formula).",
  })
  content!: string;
}

@InputType({ description: 'Which payouts a list keeps: all given filters must match.' })
export class PayoutFilterInput implements GraphQLInput<PayoutListFilter> {
  @Field(() => PayoutStatusEnum, { nullable: true, description: 'Only payouts in this status.' }) status?: PayoutStatus | null;
  @Field(() => PayoutMethodEnum, { nullable: true, description: 'Only payouts made by this method.' }) method?: PayoutMethodEnum | null;
  @Field(() => String, { nullable: true, description: "The affiliate's UUID; any other value matches nothing." }) affiliateId?: string | null;
  @Field(() => String, { nullable: true, description: "The batch's UUID; any other value matches nothing." }) batchId?: string | null;
}

export const PayoutOrder = ListOrderInput<PayoutOrderField>('Payout', {
  createdAt: 'When it was created (with its batch).',
  commission: 'Its amount.',
});
