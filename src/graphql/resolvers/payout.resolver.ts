import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { PayoutBatch } from '../../modules/payouts/payout-batch.entity';
import type { Payout } from '../../modules/payouts/payout.entity';
import { payoutBatchPresenter } from '../../modules/payouts/payout-batch.presenter';
import { payoutPresenter } from '../../modules/payouts/payout.presenter';
import { moneyToNumber } from '../../common/money';
import type { GraphQLContext } from '../context';
import { loadRelation } from '../presenters';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { CommissionType, PayoutBatchFilterInput, PayoutBatchOrder, PayoutBatchType } from '../types/commission.type';
import { Connection, toConnection } from '../types/connection.type';
import { NOT_PARTNER } from '../types/descriptions';
import { listOrder } from '../types/list-order.type';
import { AmountOwedType, PayoutExportFormatEnum, PayoutFileType, PayoutFilterInput, PayoutOrder, PayoutType } from '../types/payout.type';
import type { PayoutExportFormat } from '../../validation/enums';
import { ValidateArgs } from '../input-validation';
import {
  CreatePayoutBatchBody,
  MarkPayoutFailedBody,
  MarkPayoutPaidBody,
  PayoutBatchExportQuery,
  PayoutBatchIdArgs,
  PayoutBatchListArgs,
  PayoutListArgs,
} from '../../validation/schemas/payouts.schemas';

export const PayoutBatchConnection = Connection(PayoutBatchType, 'PayoutBatch');
export const PayoutConnection = Connection(PayoutType, 'Payout');

const BATCH_ID = 'The batch (UUID).';
const PAYOUT_ID = 'The payout (UUID).';
const REFERENCE = 'How it was paid (a PayPal or Wise batch id, a bank reference), at most 200 characters; omitted: none.';

@ArgsType()
class PayoutBatchesArgs extends ProgramPageArgs {
  @Field(() => PayoutBatchFilterInput, { nullable: true, description: 'Only batches matching every given filter; omitted: all of them.' })
  filter?: PayoutBatchFilterInput | null;
  @Field(() => PayoutBatchOrder, { nullable: true, description: 'The order of the list; omitted: newest first.' })
  orderBy?: InstanceType<typeof PayoutBatchOrder> | null;
}

@ArgsType()
class PayoutsArgs extends ProgramPageArgs {
  @Field(() => PayoutFilterInput, { nullable: true, description: 'Only payouts matching every given filter; omitted: all of them.' })
  filter?: PayoutFilterInput | null;
  @Field(() => PayoutOrder, { nullable: true, description: 'The order of the list; omitted: newest first.' })
  orderBy?: InstanceType<typeof PayoutOrder> | null;
}

@Resolver(() => PayoutBatchType)
export class PayoutBatchResolver {
  @ValidateArgs(PayoutBatchListArgs.properties)
  @Query(() => PayoutBatchConnection, { description: `Payout batches matching every given filter, newest first or in orderBy. ${NOT_PARTNER}` })
  async payoutBatches(@Args() { programId, filter, orderBy, ...page }: PayoutBatchesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.payoutBatches.listPayoutBatches(ctx, programId, page, filter ?? {}, listOrder(orderBy)));
  }

  @ValidateArgs(PayoutBatchIdArgs.properties)
  @Query(() => PayoutBatchType, { description: `One payout batch with its payouts; NOT_FOUND when the program has none by that id. ${NOT_PARTNER}` })
  payoutBatch(@Args() { programId }: ProgramArg, @Arg('id', () => ID, { description: BATCH_ID }) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payoutBatches.getPayoutBatch(ctx, programId, id);
  }

  @ValidateArgs(PayoutBatchExportQuery.properties)
  @Query(() => PayoutFileType, {
    description: `The batch's payouts of one method that wait to be paid (processing), as the file PayPal or Wise takes (REST: GET /payout-batches/{id}/export). VALIDATION_FAILED when none of that method waits. ${NOT_PARTNER}`,
  })
  async payoutBatchExport(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: BATCH_ID }) id: string,
    @Arg('format', () => PayoutExportFormatEnum, { description: 'paypal or wise.' }) format: PayoutExportFormat,
    @Ctx() ctx: GraphQLContext,
  ) {
    const file = await ctx.services.payoutBatches.exportPayoutBatch(ctx, programId, id, format);
    return { filename: file.filename, contentType: file.contentType, content: file.body };
  }

  @ValidateArgs(CreatePayoutBatchBody.properties)
  @Mutation(() => PayoutBatchType, {
    description: `Makes a batch of one payout per affiliate (payout_batch.created). Without ids: every affiliate with payout details whose approved commissions not yet paid or batched (in the program currency) add up to at least the program's minimumPayout and to more than 0. With commissionIds or saleIds: those, each payable (an affiliate without payout details is paid manual). Each payout takes the affiliate's payout method and destination as they are now: Stripe Connect payouts wait for sendPayoutBatch, the others are processing until marked paid. VALIDATION_FAILED when nothing is owed. ${NOT_PARTNER}`,
  })
  createPayoutBatch(
    @Args() { programId }: ProgramArg,
    @Arg('commissionIds', () => [ID], { nullable: true, description: 'The commissions to batch (UUIDs); not with saleIds.' }) commissionIds: string[] | null,
    @Arg('saleIds', () => [GraphQLSafeInt], { nullable: true, description: 'The sales whose commissions to batch; not with commissionIds.' })
    saleIds: number[] | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payoutBatches.createPayoutBatch(ctx, programId, { commissionIds, saleIds });
  }

  @ValidateArgs(PayoutBatchIdArgs.properties)
  @Mutation(() => PayoutBatchType, {
    description: `Pays the batch's Stripe Connect payouts: one transfer each (amount in minor units, the affiliate's account, transfer_group the batch id, metadata.payout_id, Idempotency-Key payout-<payout id>), through the server's STRIPE_API_KEY. A transfer made: the payout is paid (reference: the transfer id; payout.paid, the affiliate's email). Stripe refuses: failed with Stripe's message (payout.failed), its commissions free for a later batch. No answer: it stays processing with lastError, and sending again asks with the same key. Paid and failed payouts are skipped: sending again never pays twice. VALIDATION_FAILED when Stripe Connect payouts wait and the server has no STRIPE_API_KEY. ${NOT_PARTNER}`,
  })
  sendPayoutBatch(@Args() { programId }: ProgramArg, @Arg('id', () => ID, { description: BATCH_ID }) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payoutBatches.sendPayoutBatch(ctx, programId, id);
  }

  @ValidateArgs(MarkPayoutPaidBody.properties)
  @Mutation(() => PayoutBatchType, {
    description: `Marks every waiting payout of the batch paid (all but Stripe Connect ones: sendPayoutBatch pays those, markPayoutPaid marks one by hand), with their commissions, payout.paid events and the affiliates' emails; the batch is paid once nothing in it waits (payout_batch.paid). A settled batch is answered as it is. ${NOT_PARTNER}`,
  })
  markPayoutBatchPaid(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: BATCH_ID }) id: string,
    @Arg('reference', () => String, { nullable: true, description: REFERENCE }) reference: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payoutBatches.markPayoutBatchPaid(ctx, programId, id, reference);
  }

  @FieldResolver(() => [PayoutType], { description: 'One payout per affiliate, in the order they were made.' })
  payouts(@Root() batch: PayoutBatch, @Ctx() ctx: GraphQLContext) {
    return loadRelation(payoutBatchPresenter, 'payouts', batch, ctx);
  }
}

@Resolver(() => PayoutType)
export class PayoutResolver {
  @ValidateArgs(PayoutListArgs.properties)
  @Query(() => PayoutConnection, { description: `Payouts matching every given filter, newest first or in orderBy. ${NOT_PARTNER}` })
  async payouts(@Args() { programId, filter, orderBy, ...page }: PayoutsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.payoutBatches.listPayouts(ctx, programId, page, filter ?? {}, listOrder(orderBy)));
  }

  @ValidateArgs(PayoutBatchIdArgs.properties)
  @Query(() => PayoutType, { description: `One payout; NOT_FOUND when the program has none by that id. ${NOT_PARTNER}` })
  payout(@Args() { programId }: ProgramArg, @Arg('id', () => ID, { description: PAYOUT_ID }) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payoutBatches.getPayout(ctx, programId, id);
  }

  @Query(() => [AmountOwedType], {
    description: `What each affiliate is owed now: approved commissions not yet paid or in a batch, in the program currency, by affiliate id (pending ones past their hold are approved first). Page with first (1 to 500, default 100) and after (the last affiliateId read). ${NOT_PARTNER}`,
  })
  async amountsOwed(
    @Args() { programId }: ProgramArg,
    @Arg('first', () => Int, { nullable: true, description: 'How many affiliates, 1 to 500; default 100.' }) first: number | null,
    @Arg('after', () => ID, { nullable: true, description: 'The affiliateId of the last row of the page before.' }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    const rows = await ctx.services.payoutBatches.amountsOwed(ctx, programId, first ?? 100, after);
    return rows.map((r) => ({
      affiliateId: r.affiliate.id,
      amount: moneyToNumber(r.amount, r.currency),
      currency: r.currency,
      commissionCount: r.count,
      payable: r.payable,
    }));
  }

  @ValidateArgs(MarkPayoutPaidBody.properties)
  @Mutation(() => PayoutType, {
    description: `Marks one waiting payout paid (paid outside this service: a PayPal or Wise batch, a bank transfer, or a Stripe Connect payout not yet sent), with its commissions, payout.paid and the affiliate's email. A paid one is answered as it is; a failed one, or a Stripe Connect one whose transfer was asked for (processing: send its batch again), is VALIDATION_FAILED. ${NOT_PARTNER}`,
  })
  markPayoutPaid(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: PAYOUT_ID }) id: string,
    @Arg('reference', () => String, { nullable: true, description: REFERENCE }) reference: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payoutBatches.markPayoutPaid(ctx, programId, id, reference);
  }

  @ValidateArgs(MarkPayoutFailedBody.properties)
  @Mutation(() => PayoutType, {
    description: `Marks one waiting payout failed (PayPal returned it unclaimed, a bank refused it), with the reason (payout.failed): its commissions leave the batch, free for a later one. A failed one is answered as it is; a paid one, or a Stripe Connect one whose transfer was asked for (processing: send its batch again, which learns Stripe's answer), is VALIDATION_FAILED. ${NOT_PARTNER}`,
  })
  markPayoutFailed(
    @Args() { programId }: ProgramArg,
    @Arg('id', () => ID, { description: PAYOUT_ID }) id: string,
    @Arg('reason', () => String, { description: 'Why, 1 to 500 characters.' }) reason: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payoutBatches.markPayoutFailed(ctx, programId, id, reason);
  }

  @FieldResolver(() => AffiliateType, { nullable: true, description: 'The affiliate it pays; null once the affiliate was deleted.' })
  affiliate(@Root() p: Payout, @Ctx() ctx: GraphQLContext) {
    return loadRelation(payoutPresenter, 'affiliate', p, ctx);
  }

  @FieldResolver(() => [CommissionType], {
    description: 'The commissions it pays, oldest first (kept when it failed and freed them; gone with a deleted affiliate).',
  })
  commissions(@Root() p: Payout, @Ctx() ctx: GraphQLContext) {
    return loadRelation(payoutPresenter, 'commissions', p, ctx);
  }
}
