import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Event outbox row, written in the transaction of the change it reports; webhook delivery reads from here. */
@Entity({ tableName: 'events' })
export class EventRecord {
  [OptionalProps]?: 'createdAt';
  /** evt_<random> */
  @PrimaryKey({ type: 'text' }) id!: string;
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) type!: string;
  @Property({ type: 'jsonb' }) data!: unknown;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
