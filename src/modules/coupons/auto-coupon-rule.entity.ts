import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const RANDOM_CHARS_CASES = ['uppercase', 'lowercase', 'mixed'] as const;
export type RandomCharsCase = (typeof RANDOM_CHARS_CASES)[number];

export interface CodeStructure {
  firstName?: boolean;
  lastName?: boolean;
  email?: boolean;
  discountAmount?: boolean;
  couponName?: boolean;
  randomChars?: boolean;
}

/** A coupon's rule that gives every new affiliate a generated promotional code. */
@Entity({ tableName: 'auto_coupon_rules' })
export class AutoCouponRule {
  [OptionalProps]?: 'enabled' | 'prefix' | 'randomCharsLength' | 'randomCharsCase' | 'createdAt' | 'updatedAt';
  // Composite key (program_id first) so the table can be distributed by program.
  @PrimaryKey({ type: 'uuid' }) programId!: string;
  @PrimaryKey({ type: 'uuid' }) couponId!: string;
  @Property({ type: 'boolean' }) enabled: boolean = true;
  @Property({ type: 'jsonb' }) codeStructure!: CodeStructure;
  @Property({ type: 'text', nullable: true }) prefix: string | null = null;
  @Property({ type: 'integer' }) randomCharsLength: number = 4;
  @Property({ type: 'text' }) randomCharsCase: RandomCharsCase = 'mixed';
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
