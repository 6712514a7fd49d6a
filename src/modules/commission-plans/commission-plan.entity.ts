import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { CommissionDuration } from '../../validation/enums';

/** A commission rate shared by affiliates; optionally belongs to one affiliate group. */
@Entity({ tableName: 'commission_plans' })
export class CommissionPlan {
  [OptionalProps]?: 'id' | 'affiliateGroupId' | 'commissionDuration' | 'commissionDurationLimit' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid', nullable: true }) affiliateGroupId: string | null = null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'decimal', precision: 9, scale: 4 }) commissionRate!: string;
  /** How long a referred customer earns commissions for its affiliate (DESIGN.md "Billing provider ingestion"). */
  @Property({ type: 'text' }) commissionDuration: CommissionDuration = 'lifetime';
  /** Months or payments, for those durations; null otherwise. */
  @Property({ type: 'integer', nullable: true }) commissionDurationLimit: number | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
