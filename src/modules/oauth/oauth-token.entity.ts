import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A partner's access token for one program ("a connected app"); never expires, revocable, stored hashed. */
@Entity({ tableName: 'oauth_tokens' })
export class OAuthToken {
  [OptionalProps]?: 'id' | 'userId' | 'createdAt' | 'lastUsedAt' | 'revokedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'uuid', nullable: true }) userId: string | null = null;
  @Property({ type: 'text' }) partner!: string;
  @Property({ type: 'text', hidden: true }) tokenHash!: string;
  @Property({ type: 'text' }) prefix!: string;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) revokedAt: Date | null = null;
}
