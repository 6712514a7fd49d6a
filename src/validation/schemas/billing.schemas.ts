import { BILLING_EVENT_OUTCOMES, BILLING_PROVIDERS } from '../enums';
import { Body, DateTime, Nullable, OneOf, RequiredText, Text, type Input } from '../kit';

/** GraphQL CreateBillingIntegrationInput (the secret's form is the service's rule). */
export const CreateBillingIntegrationBody = Body({ provider: OneOf(BILLING_PROVIDERS), signingSecret: RequiredText(300) });
export type CreateBillingIntegrationBody = Input<typeof CreateBillingIntegrationBody>;

/** GraphQL BillingEventFilterInput. */
export const BillingEventFilter = Body({
  integrationId: Nullable(Text(100)),
  outcome: Nullable(OneOf(BILLING_EVENT_OUTCOMES)),
  type: Nullable(Text(200)),
  receivedAfter: Nullable(DateTime()),
  receivedBefore: Nullable(DateTime()),
});
export type BillingEventFilter = Input<typeof BillingEventFilter>;

/** GraphQL `billingEvents(filter)` (paging and programId apart). */
export const BillingEventListArgs = Body({ filter: Nullable(BillingEventFilter) });
