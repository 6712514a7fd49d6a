import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { PayoutBatchStatus } from '../../validation/enums';

/**
 * A group of commissions paid out together: one payout per affiliate. Open while a payout waits; then paid (at
 * least one payout paid) or failed (every payout failed, its commissions freed).
 */
@Entity({ tableName: 'payout_batches' })
export class PayoutBatch {
  [OptionalProps]?: 'id' | 'status' | 'total' | 'commissionCount' | 'createdAt' | 'paidAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) status: PayoutBatchStatus = 'open';
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) total: string = '0';
  @Property({ type: 'integer' }) commissionCount: number = 0;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) paidAt: Date | null = null;
}
