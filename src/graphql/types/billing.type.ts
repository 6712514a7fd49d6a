import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { BILLING_EVENT_OUTCOMES, BILLING_PROVIDERS, enumObject, type BillingProvider } from '../../validation/enums';
import type { BillingEventFilter, CreateBillingIntegrationBody } from '../../validation/schemas/billing.schemas';
import { CREATED_AT } from './descriptions';
import type { GraphQLInput } from './input-shape';

export const BillingProviderEnum = enumObject(BILLING_PROVIDERS);
registerEnumType(BillingProviderEnum, {
  name: 'BillingProvider',
  description: 'A billing provider whose events record referrals, sales and refunds.',
  valuesConfig: { stripe: { description: 'Stripe: webhook events signed with the endpoint secret (Stripe-Signature).' } },
});

export const BillingEventOutcomeEnum = enumObject(BILLING_EVENT_OUTCOMES);
registerEnumType(BillingEventOutcomeEnum, {
  name: 'BillingEventOutcome',
  description: 'What a received billing event did.',
  valuesConfig: {
    recorded: { description: 'It recorded something: a referral, a sale, a refund or a subscription status (see detail).' },
    ignored: { description: 'It changed nothing: not used, not attributable, or refused by a rule (see detail).' },
  },
});

@ObjectType('BillingIntegration', { description: "A connection to the program's billing provider: its events record referrals and sales." })
export class BillingIntegrationType {
  @Field(() => ID, { description: 'Integration id (UUID).' }) id!: string;
  @Field(() => BillingProviderEnum, { description: 'The provider.' }) provider!: BillingProvider;
  @Field({ description: CREATED_AT }) createdAt!: Date;
}

@ObjectType('BillingEvent', { description: 'An event a billing integration received, once per event id, with what it did.' })
export class BillingEventType {
  @Field(() => GraphQLSafeInt, { description: 'Its number in the log, a positive integer.' }) id!: number;
  @Field(() => ID, { description: 'The integration that received it (UUID).' }) integrationId!: string;
  @Field({ description: "The provider's event id (evt_… for Stripe): a repeat of it changes nothing." }) eventId!: string;
  @Field({ description: 'The event type, such as invoice.paid.' }) type!: string;
  @Field(() => BillingEventOutcomeEnum, { description: 'Whether it recorded something.' }) outcome!: string;
  @Field({ description: 'What it recorded, or why it changed nothing.' }) detail!: string;
  @Field({ description: 'When it arrived: an ISO 8601 date-time in UTC.' }) receivedAt!: Date;
}

@InputType({ description: 'A new billing integration.' })
export class CreateBillingIntegrationInput implements GraphQLInput<CreateBillingIntegrationBody> {
  @Field(() => BillingProviderEnum, { description: 'The provider: stripe.' }) provider!: BillingProvider;
  @Field({ description: "The endpoint's signing secret from Stripe's dashboard (whsec_…); never shown again." }) signingSecret!: string;
}

@InputType({ description: 'Which received events a list keeps: all given filters must match.' })
export class BillingEventFilterInput implements GraphQLInput<BillingEventFilter, 'receivedAfter' | 'receivedBefore'> {
  @Field(() => String, { nullable: true, description: 'Only those of this integration (UUID).' }) integrationId?: string | null;
  @Field(() => BillingEventOutcomeEnum, { nullable: true, description: 'Only recorded, or only ignored ones.' }) outcome?: 'recorded' | 'ignored' | null;
  @Field(() => String, { nullable: true, description: 'Only events of this type, such as invoice.paid.' }) type?: string | null;
  @Field(() => Date, { nullable: true, description: 'Only those received at or after this ISO 8601 date-time.' }) receivedAfter?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Only those received before this ISO 8601 date-time.' }) receivedBefore?: Date | null;
}
