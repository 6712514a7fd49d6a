import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Commission } from '../../modules/commissions/commission.entity';
import type { Sale } from '../../modules/sales/sale.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import { CommissionEntryType, CommissionFilterInput, CommissionOrder, CommissionStatusEnum, CommissionType } from '../types/commission.type';
import { CommissionListArgs } from '../../validation/schemas/payouts.schemas';
import { NOT_PARTNER } from '../types/descriptions';
import { RecordSaleInput, RecordSalePayload, RefundSalePayload, SaleFilterInput, SaleOrder, SaleType, UpdateSaleInput } from '../types/sale.type';
import { listOrder } from '../types/list-order.type';
import { ValidateArgs } from '../input-validation';
import { RecordSaleBody, RefundSaleBody, SaleListArgs, SaleLookupArgs, UpdateSaleBody } from '../../validation/schemas/sales.schemas';

export const SaleConnection = Connection(SaleType, 'Sale');
export const CommissionConnection = Connection(CommissionType, 'Commission');

@ArgsType()
class SalesArgs extends ProgramPageArgs {
  @Field(() => SaleFilterInput, { nullable: true, description: 'Only sales matching every given filter; omitted: all sales of the program.' })
  filter?: SaleFilterInput | null;
  @Field(() => SaleOrder, { nullable: true, description: 'The order of the list; omitted: creation order (oldest first).' })
  orderBy?: InstanceType<typeof SaleOrder> | null;
}

@ArgsType()
class CommissionsArgs extends ProgramPageArgs {
  @Field(() => CommissionStatusEnum, { nullable: true, description: 'Only commissions of this status; omitted: all (filter.status says the same).' })
  status?: CommissionStatusEnum | null;
  @Field(() => CommissionFilterInput, { nullable: true, description: 'Only commissions matching every given filter; omitted: all of them.' })
  filter?: CommissionFilterInput | null;
  @Field(() => CommissionOrder, { nullable: true, description: 'The order of the list; omitted: creation order (oldest first).' })
  orderBy?: InstanceType<typeof CommissionOrder> | null;
}

@Resolver(() => SaleType)
export class SaleResolver {
  @ValidateArgs(SaleLookupArgs.properties)
  @Query(() => SaleType, { nullable: true, description: 'One sale by id; null when nothing matches.' })
  sale(@Args() { programId }: ProgramArg, @Arg('id', () => GraphQLSafeInt, { description: 'The sale id.' }) id: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.findSale(ctx, programId, id);
  }

  @ValidateArgs(SaleListArgs.properties)
  @Query(() => SaleConnection, { description: 'Sales matching every given filter, in creation order or orderBy.' })
  async sales(@Args() { programId, filter, orderBy, ...page }: SalesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.sales.listSales(ctx, programId, filter ?? {}, page, listOrder(orderBy)));
  }

  @ValidateArgs({ input: RecordSaleBody })
  @Mutation(() => RecordSalePayload, {
    description:
      'Records a sale and its commission; fires sale.created. Commission = (totalEarned - tax and shipping where the program deducts them) x rate / 100; a repeated externalId returns the first sale.',
  })
  recordSale(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'The sale and who gets the credit.' }) input: RecordSaleInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.sales.recordSale(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateSaleBody })
  @Mutation(() => SaleType, {
    description:
      'Updates a sale (commissionEarned corrects the commission); fires sale.updated. Changed amounts recompute the commission as a correction; those of a refunded, batched or paid sale cannot change.',
  })
  updateSale(
    @Args() { programId }: ProgramArg,
    @Arg('input', { description: 'Which sale, and the changes.' }) input: UpdateSaleInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const { saleId, ...fields } = input;
    return ctx.services.sales.updateSale(ctx, programId, saleId, fields);
  }

  @ValidateArgs(RefundSaleBody.properties)
  @Mutation(() => RefundSalePayload, {
    description:
      'Refunds a sale and reverses its commission; fires sale.refunded. Refusals carry extensions.reason: refund_window_expired, in_payout_batch, already_paid_out or manually_marked_paid.',
  })
  refundSale(
    @Args() { programId }: ProgramArg,
    @Arg('saleId', () => GraphQLSafeInt, { description: 'The sale to refund.' }) saleId: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.sales.refundSale(ctx, programId, saleId);
  }

  @FieldResolver(() => CommissionType, { nullable: true, description: 'The commission recorded for the sale, with its ledger; null: none.' })
  commission(@Root() s: Sale, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).commissionBySaleId.load(s.id);
  }

  @FieldResolver(() => AffiliateType, { nullable: true, description: 'The affiliate credited with the sale.' })
  affiliate(@Root() s: Sale, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).affiliateById.load(s.affiliateId);
  }
}

@Resolver(() => CommissionType)
export class CommissionResolver {
  @ValidateArgs(CommissionListArgs.properties)
  @Query(() => CommissionConnection, {
    description: `Commissions matching every given filter, in creation order or orderBy (pending ones past their hold are approved first). ${NOT_PARTNER}`,
  })
  async commissions(@Args() { programId, status, filter, orderBy, ...page }: CommissionsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.payouts.listCommissions(ctx, programId, status, page, filter ?? {}, listOrder(orderBy)));
  }

  @Mutation(() => CommissionType, {
    description: `Approves a sale's pending commission by hand, now (commission.approved): one held for your approval (a self-referral's sale) or one still in its holding period. An approved one is answered as it is; a paid or reversed one is VALIDATION_FAILED. ${NOT_PARTNER}`,
  })
  approveCommission(
    @Args() { programId }: ProgramArg,
    @Arg('saleId', () => GraphQLSafeInt, { description: 'The sale whose commission to approve.' }) saleId: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payouts.approveCommission(ctx, programId, saleId);
  }

  @Mutation(() => CommissionType, {
    description: `Marks one sale's commission paid by hand, outside any batch; the sale can no longer be refunded. One waiting for your approval (a self-referral's) must be approved first. ${NOT_PARTNER}`,
  })
  markCommissionPaid(
    @Args() { programId }: ProgramArg,
    @Arg('saleId', () => GraphQLSafeInt, { description: 'The sale whose commission was paid.' }) saleId: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payouts.markCommissionPaid(ctx, programId, saleId);
  }

  @FieldResolver(() => [CommissionEntryType], { description: 'Its ledger entries: how the amount came about.' })
  async entries(@Root() c: Commission, @Ctx() ctx: GraphQLContext) {
    const rows = await ctx.loaders.for(c.programId).entriesByCommissionId.load(c.id);
    return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount), note: r.note, createdAt: new Date(r.created_at) }));
  }
}
