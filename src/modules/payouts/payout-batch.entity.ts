import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A group of commissions paid out together. */
@Entity({ tableName: 'payout_batches' })
export class PayoutBatch {
  [OptionalProps]?: 'id' | 'status' | 'total' | 'commissionCount' | 'createdAt' | 'paidAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) status: 'open' | 'paid' = 'open';
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) total: string = '0';
  @Property({ type: 'integer' }) commissionCount: number = 0;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) paidAt: Date | null = null;
}
