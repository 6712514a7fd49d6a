import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** Where a program wants its events sent. The secret signs every delivery (Standard Webhooks). */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  [OptionalProps]?:
    | 'id'
    | 'description'
    | 'eventTypes'
    | 'enabled'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'failingSince'
    | 'disabledReason'
    | 'connectionId'
    | 'createdAt'
    | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) url!: string;
  @Property({ type: 'text', nullable: true }) description: string | null = null;
  /** Empty: every event. */
  @Property({ type: 'text[]' }) eventTypes: string[] = [];
  @Property({ type: 'boolean' }) enabled: boolean = true;
  @Property({ type: 'text', hidden: true }) secret!: string;
  /** After a rotation, the old secret keeps signing (beside the new one) until it expires. */
  @Property({ type: 'text', nullable: true, hidden: true }) previousSecret: string | null = null;
  @Property({ type: 'timestamptz', nullable: true }) previousSecretExpiresAt: Date | null = null;
  @Property({ type: 'timestamptz', nullable: true }) failingSince: Date | null = null;
  @Property({ type: 'text', nullable: true }) disabledReason: string | null = null;
  /** The OAuth connection (partner token) that subscribed it; null: made by the program (dashboard or API key). */
  @Property({ type: 'uuid', nullable: true }) connectionId: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
