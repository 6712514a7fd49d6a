import { BigIntType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A background job, queued in the transaction of the change that needs it. */
@Entity({ tableName: 'jobs' })
export class Job {
  [OptionalProps]?: 'id' | 'programId' | 'status' | 'attempts' | 'lastError' | 'runAt' | 'createdAt' | 'finishedAt';
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true }) id!: number;
  @Property({ type: 'uuid', nullable: true }) programId: string | null = null;
  @Property({ type: 'text' }) kind!: string;
  @Property({ type: 'jsonb' }) payload!: Record<string, unknown>;
  @Property({ type: 'text' }) status: 'pending' | 'done' | 'failed' = 'pending';
  @Property({ type: 'integer' }) attempts: number = 0;
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'timestamptz' }) runAt: Date = new Date();
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) finishedAt: Date | null = null;
}
