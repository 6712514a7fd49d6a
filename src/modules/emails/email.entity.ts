import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import type { Message } from './email-render';

export type EmailStatus = 'pending' | 'sent' | 'failed';

/** Email outbox row: written with the change that causes it, sent by the email worker when SMTP is configured. */
@Entity({ tableName: 'email_outbox' })
export class Email {
  [OptionalProps]?: 'id' | 'programId' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'nextAttemptAt' | 'sentAt' | 'html' | 'message' | 'headers';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid', nullable: true }) programId: string | null = null;
  /** admin_new_affiliate, affiliate_welcome, ... */
  @Property({ type: 'text' }) kind!: string;
  @Property({ type: 'text' }) to!: string;
  @Property({ type: 'text' }) subject!: string;
  @Property({ type: 'text' }) text!: string;
  /** An HTML part stored as it is; emails made from a `message` leave this null (the worker renders it at send). */
  @Property({ type: 'text', nullable: true }) html: string | null = null;
  /** The HTML part's content (email-render.ts Message), rendered in the layout when the email is sent. */
  @Property({ type: 'json', nullable: true }) message: Message | null = null;
  /** Extra message headers (List-Unsubscribe of the notification kinds), sent as they are. */
  @Property({ type: 'json', nullable: true }) headers: Record<string, string> | null = null;
  @Property({ type: 'text' }) status: EmailStatus = 'pending';
  @Property({ type: 'integer' }) attempts: number = 0;
  @Property({ type: 'text', nullable: true }) lastError: string | null = null;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz' }) nextAttemptAt: Date = new Date();
  @Property({ type: 'timestamptz', nullable: true }) sentAt: Date | null = null;
}
