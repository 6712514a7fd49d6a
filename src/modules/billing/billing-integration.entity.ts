import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A program's connection to its billing provider: where the provider sends events, and the secret that signs them. */
@Entity({ tableName: 'billing_integrations' })
export class BillingIntegration {
  [OptionalProps]?: 'id' | 'createdAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) programId!: string;
  @Property({ type: 'text' }) provider!: 'stripe';
  /** The endpoint's signing secret (`whsec_…` from Stripe's dashboard): never answered after creation. */
  @Property({ type: 'text', hidden: true }) signingSecret!: string;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
}
