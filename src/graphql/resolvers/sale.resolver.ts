import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Float, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { moneyToNumber } from '../../common/money';
import type { Commission } from '../../modules/commissions/commission.entity';
import { effectiveStatus } from '../../modules/commissions/commission.rules';
import type { PayoutBatch } from '../../modules/payouts/payout-batch.entity';
import type { Sale } from '../../modules/sales/sale.entity';
import type { GraphQLContext } from '../context';
import { ProgramArg, ProgramPageArgs } from '../types/args.type';
import { AffiliateType } from '../types/affiliate.type';
import { Connection, toConnection } from '../types/connection.type';
import {
  CommissionEntryType,
  CommissionStatusEnum,
  CommissionType,
  PayoutBatchType,
  RecordSaleInput,
  RecordSalePayload,
  RefundSalePayload,
  SaleFilterInput,
  SaleType,
  UpdateSaleInput,
} from '../types/sale.type';
import { ValidateArgs } from '../input-validation';
import type { GraphQLInput } from '../types/input-shape';
import { RecordSaleBody, RefundSaleBody, SaleListArgs, SaleLookupArgs, UpdateSaleBody } from '../../validation/schemas/sales.schemas';

export const SaleConnection = Connection(SaleType, 'Sale');
export const CommissionConnection = Connection(CommissionType, 'Commission');

@ArgsType()
class SalesArgs extends ProgramPageArgs implements GraphQLInput<SaleListArgs> {
  @Field(() => SaleFilterInput, { nullable: true }) filter?: SaleFilterInput | null;
}

@ArgsType()
class CommissionsArgs extends ProgramPageArgs {
  @Field(() => CommissionStatusEnum, { nullable: true }) status?: CommissionStatusEnum | null;
}

@Resolver(() => SaleType)
export class SaleResolver {
  @ValidateArgs(SaleLookupArgs.properties)
  @Query(() => SaleType, { nullable: true })
  sale(@Args() { programId }: ProgramArg, @Arg('id', () => GraphQLSafeInt) id: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.findSale(ctx, programId, id);
  }

  @ValidateArgs(SaleListArgs.properties)
  @Query(() => SaleConnection, { description: 'Sales matching every given filter, in creation order.' })
  async sales(@Args() { programId, filter, first, after }: SalesArgs, @Ctx() ctx: GraphQLContext) {
    return toConnection(await ctx.services.sales.listSales(ctx, programId, filter ?? {}, { first, after }));
  }

  @ValidateArgs({ input: RecordSaleBody })
  @Mutation(() => RecordSalePayload, { description: 'Records a sale and its commission; fires sale.created.' })
  recordSale(@Args() { programId }: ProgramArg, @Arg('input') input: RecordSaleInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.recordSale(ctx, programId, input);
  }

  @ValidateArgs({ input: UpdateSaleBody })
  @Mutation(() => SaleType, { description: 'Updates a sale (commissionEarned corrects the commission); fires sale.updated.' })
  updateSale(@Args() { programId }: ProgramArg, @Arg('input') input: UpdateSaleInput, @Ctx() ctx: GraphQLContext) {
    const { saleId, ...fields } = input;
    return ctx.services.sales.updateSale(ctx, programId, saleId, fields);
  }

  @ValidateArgs(RefundSaleBody.properties)
  @Mutation(() => RefundSalePayload, { description: 'Refunds a sale and reverses its commission; fires sale.refunded. Refusals carry extensions.reason.' })
  refundSale(@Args() { programId }: ProgramArg, @Arg('saleId', () => GraphQLSafeInt) saleId: number, @Ctx() ctx: GraphQLContext) {
    return ctx.services.sales.refundSale(ctx, programId, saleId);
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
