import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** An affiliate signed in to its program's portal; the token itself is only ever stored as its SHA-256. */
@Entity({ tableName: 'portal_sessions' })
export class PortalSession {
  [OptionalProps]?: 'id' | 'createdAt' | 'lastUsedAt';
  @PrimaryKey({ type: 'uuid' }) programId!: string;
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) affiliateId!: string;
  @Property({ type: 'text' }) tokenHash!: string;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz' }) expiresAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null = null;
}
