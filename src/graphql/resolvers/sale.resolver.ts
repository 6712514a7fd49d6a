import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Float, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { moneyToNumber } from '../../common/money';
import { effectiveStatus, type Commission } from '../../modules/commissions/commission.entity';
import type { PayoutBatch } from '../../modules/payouts/payout-batch.entity';
import type { Sale } from '../../modules/sales/sale.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import {
  CommissionEntryType, CommissionStatusEnum, CommissionType, PayoutBatchType, RecordSaleInput, RecordSalePayload, RefundSalePayload,
  SaleFilterInput, SaleType, UpdateSaleInput,
} from '../types/sale.type';

export const SaleConnection = Connection(SaleType, 'Sale');
export const CommissionConnection = Connection(CommissionType, 'Commission');

@ArgsType()
class SalesArgs extends ProgramPageArgs {
  @Field(() => SaleFilterInput, { nullable: true }) filter?: SaleFilterInput | null;
}

@ArgsType()
class CommissionsArgs extends ProgramPageArgs {
  @Field(() => CommissionStatusEnum, { nullable: true }) status?: CommissionStatusEnum | null;
}

@Resolver(() => SaleType)
export class SaleResolver {
  @Query(() => SaleType, { nullable: true })
  sale(@Args() { programId }: ProgramArg, @Arg('id', () => GraphQLSafeInt) id: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.findSale(ctx, programId, id);
  }

  @Query(() => SaleConnection, { description: 'Sales matching every given filter, in creation order.' })
  async sales(@Args() { programId, filter, first, after }: SalesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.sales.listSales(ctx, programId, filter ?? {}, { first, after }));
  }

  @Mutation(() => RecordSalePayload, { description: 'Records a sale and its commission; fires sale.created.' })
  recordSale(@Args() { programId }: ProgramArg, @Arg('input') input: RecordSaleInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.recordSale(ctx, programId, input);
  }

  @Mutation(() => SaleType, { description: 'Updates a sale (commissionEarned corrects the commission); fires sale.updated.' })
  updateSale(@Args() { programId }: ProgramArg, @Arg('input') input: UpdateSaleInput, @Ctx() ctx: GraphQLContext) {
    const { saleId, ...fields } = input;
    return ctx.services.sales.updateSale(ctx, programId, saleId, fields);
  }

  @Mutation(() => RefundSalePayload, { description: 'Refunds a sale and reverses its commission; fires sale.refunded. Refusals carry extensions.reason.' })
  refundSale(@Args() { programId }: ProgramArg, @Arg('saleId', () => GraphQLSafeInt) saleId: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.refundSale(ctx, programId, saleId);
  }

  @FieldResolver(() => Float)
  totalEarned(@Root() s: Sale): number {
    return moneyToNumber(s.totalEarned, s.currency);
  }

  @FieldResolver(() => Float, { nullable: true })
  tax(@Root() s: Sale): number | null {
    return s.tax == null ? null : moneyToNumber(s.tax, s.currency);
  }

  @FieldResolver(() => Float, { nullable: true })
  shipping(@Root() s: Sale): number | null {
    return s.shipping == null ? null : moneyToNumber(s.shipping, s.currency);
  }

  @FieldResolver(() => Float, { nullable: true, description: 'The rate the commission was computed with.' })
  commissionRate(@Root() s: Sale, @Ctx() ctx: GraphQLContext): number | null | Promise<number | null> {
    return ctx.loaders.for(s.programId).commissionBySaleId.with(s.id, (c) => (c ? Number(c.rate) : s.commissionRate == null ? null : Number(s.commissionRate)));
  }

  @FieldResolver(() => Float, { description: "The commission currently recorded for the credited affiliate (0 once reversed)." })
  commissionEarned(@Root() s: Sale, @Ctx() ctx: GraphQLContext): number | Promise<number> {
    return ctx.loaders.for(s.programId).commissionBySaleId.with(s.id, (c) => (c ? moneyToNumber(c.amount, s.currency) : 0));
  }

  @FieldResolver(() => CommissionStatusEnum, { nullable: true })
  commissionStatus(@Root() s: Sale, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).commissionBySaleId.with(s.id, (c) => (c ? effectiveStatus(c) : null));
  }

  @FieldResolver(() => CommissionType, { nullable: true })
  commission(@Root() s: Sale, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).commissionBySaleId.load(s.id);
  }

  @FieldResolver(() => AffiliateType, { nullable: true })
  affiliate(@Root() s: Sale, @Ctx() ctx: GraphQLContext) {
    return ctx.loaders.for(s.programId).affiliateById.load(s.affiliateId);
  }
}

@Resolver(() => CommissionType)
export class CommissionResolver {
  @Query(() => CommissionConnection, { description: 'Commissions, optionally by status (pending ones past their hold are approved first).' })
  async commissions(@Args() { programId, status, first, after }: CommissionsArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.payouts.listCommissions(ctx, programId, status, { first, after }));
  }

  @Query(() => [PayoutBatchType], { description: 'Payout batches, newest first.' })
  payoutBatches(@Args() { programId }: ProgramArg, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payouts.listPayoutBatches(ctx, programId);
  }

  @Mutation(() => PayoutBatchType, { description: 'Batches approved, unpaid commissions: all of them, or those named (by commission id or sale id).' })
  createPayoutBatch(
    @Args() { programId }: ProgramArg,
    @Arg('commissionIds', () => [ID], { nullable: true }) commissionIds: string[] | null,
    @Arg('saleIds', () => [GraphQLSafeInt], { nullable: true }) saleIds: number[] | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.payouts.createPayoutBatch(ctx, programId, { commissionIds, saleIds });
  }

  @Mutation(() => PayoutBatchType, { description: 'Marks a batch and its commissions paid.' })
  markPayoutBatchPaid(@Args() { programId }: ProgramArg, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payouts.markPayoutBatchPaid(ctx, programId, id);
  }

  @Mutation(() => CommissionType, { description: "Marks one sale's commission paid by hand." })
  markCommissionPaid(@Args() { programId }: ProgramArg, @Arg('saleId', () => GraphQLSafeInt) saleId: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.payouts.markCommissionPaid(ctx, programId, saleId);
  }

  @FieldResolver(() => CommissionStatusEnum)
  status(@Root() c: Commission) {
    return effectiveStatus(c);
  }

  @FieldResolver(() => Float)
  amount(@Root() c: Commission): number {
    return moneyToNumber(c.amount, c.currency);
  }

  @FieldResolver(() => Float, { description: 'totalEarned less the deductions the program enables.' })
  base(@Root() c: Commission): number {
    return Number(c.base);
  }

  @FieldResolver(() => [CommissionEntryType])
  async entries(@Root() c: Commission, @Ctx() ctx: GraphQLContext) {
    const rows = await ctx.loaders.for(c.programId).entriesByCommissionId.load(c.id);
    return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount), note: r.note, createdAt: new Date(r.created_at) }));
  }
}

@Resolver(() => PayoutBatchType)
export class PayoutBatchResolver {
  @FieldResolver(() => Float)
  total(@Root() b: PayoutBatch): number {
    return moneyToNumber(b.total, b.currency);
  }
}
