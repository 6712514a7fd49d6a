import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A program's API key. Only the SHA-256 of the key and a short visible prefix are stored. */
@Entity({ tableName: 'api_keys' })
export class ApiKey {
  [OptionalProps]?: 'id' | 'createdAt' | 'lastUsedAt' | 'revokedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid', nullable: true }) createdById: string | null = null;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) prefix!: string;
  @Property({ type: 'text', hidden: true }) keyHash!: string;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) revokedAt: Date | null = null;
}
