import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { PayoutMethod } from '../affiliates/affiliate.entity';
import type { PayoutStatus } from '../../validation/enums';

/**
 * What one affiliate is paid in one batch: the sum of its commissions there. Method and destination are copied
 * from the affiliate's payout details when the batch is made (money already batched cannot be redirected).
 * Stripe Connect payouts wait `pending` for sendPayoutBatch; the others are `processing` until marked paid.
 */
@Entity({ tableName: 'payouts' })
export class Payout {
  [OptionalProps]?:
    'id' | 'destination' | 'reference' | 'failureReason' | 'lastError' | 'commissionIds' | 'firstSentAt' | 'createdAt' | 'updatedAt' | 'paidAt' | 'failedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid' }) batchId!: string;
  /** Null once the affiliate was deleted: the payout stays on record. */
  @Property({ type: 'uuid', nullable: true }) affiliateId!: string | null;
  @Property({ type: 'decimal', precision: 18, scale: 6 }) amount!: string;
  @Property({ type: 'text' }) currency!: string;
  @Property({ type: 'text' }) method!: PayoutMethod;
  /** The PayPal or Wise email, or the Stripe account; null for manual payouts. */
  @Property({ type: 'text', nullable: true }) destination: string | null = null;
  @Property({ type: 'text' }) status!: PayoutStatus;
  /** The transfer id (Stripe) or the reference given when it was marked paid. */
  @Property({ type: 'text', nullable: true }) reference: string | null = null;
  @Property({ type: 'text', nullable: true }) failureReason: string | null = null;
  /** Why the last attempt to send it ended without an answer (it stays processing; sending again is safe). */
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'integer' }) commissionCount!: number;
  @Property({ type: 'uuid[]' }) commissionIds: string[] = [];
  /** When its transfer was first asked for: Stripe keeps an Idempotency-Key 24 hours from its first use. */
  @Property({ type: 'timestamptz', nullable: true }) firstSentAt: Date | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) paidAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) failedAt: Date | null = null;
}
