import { BigIntType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** The commission of one sale. `amount` is the sum of its ledger entries (earned, corrections, reversal). */
@Entity({ tableName: 'commissions' })
export class Commission {
  [OptionalProps]?: 'id' | 'holdUntil' | 'approvedAt' | 'payoutBatchId' | 'paidAt' | 'paidManually' | 'reversedAt' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: new BigIntType('number') }) saleId!: number;
  @Property({ type: 'uuid' }) affiliateId!: string;
  @Property({ type: 'decimal', precision: 9, scale: 4 }) rate!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) base!: string;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) amount!: string;
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'text' }) status!: CommissionStatus;
  @Property({ type: 'timestamptz', nullable: true }) holdUntil: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) approvedAt: Date | null = null;
  @Property({ type: 'uuid', nullable: true }) payoutBatchId: string | null = null;
  @Property({ type: 'timestamptz', nullable: true }) paidAt: Date | null = null;
  @Property({ type: 'boolean' }) paidManually: boolean = false;
  @Property({ type: 'timestamptz', nullable: true }) reversedAt: Date | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
