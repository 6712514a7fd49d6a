import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { SignInPurpose } from './portal.rules';

/** A single-use link that signs an affiliate into the portal: emailed (15 minutes) or made for embedding (5). */
@Entity({ tableName: 'portal_sign_in_tokens' })
export class PortalSignInToken {
  [OptionalProps]?: 'id' | 'createdAt' | 'usedAt';
  @PrimaryKey({ type: 'uuid' }) programId!: string;
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) affiliateId!: string;
  @Property({ type: 'text' }) tokenHash!: string;
  @Property({ type: 'text' }) purpose!: SignInPurpose;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz' }) expiresAt!: Date;
  @Property({ type: 'timestamptz', nullable: true }) usedAt: Date | null = null;
}
