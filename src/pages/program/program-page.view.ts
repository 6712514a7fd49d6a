import type { ApiKey } from '../../modules/api-keys/api-key.entity';
import type { BillingEventView } from '../../modules/billing/billing-integration.service';
import type { OAuthToken } from '../../modules/oauth/oauth-token.entity';
import type { Program } from '../../modules/programs/program.entity';
import type { StatsResult } from '../../modules/stats/stats.service';
import { html, type Raw } from '../html';
import { activitySection, type Leader } from './activity.view';
import { apiKeysSection } from './api-keys.view';
import { billingSection, type IntegrationRow } from './billing.view';
import { connectedAppsSection } from './connected-apps.view';
import { trackingSection } from './tracking.view';
import { webhookDeliveriesSection, type DeliveryRow } from './webhook-deliveries.view';

/** What the program page shows besides the program itself (program-page.ts reads it). */
export interface ProgramPageData {
  /** Newest first. */
  keys: ApiKey[];
  connections: OAuthToken[];
  deliveries: DeliveryRow[];
  integrations: IntegrationRow[];
  billingEvents: BillingEventView[];
  activity: StatsResult;
  leaders: Leader[];
  /** Each leader's name, by affiliate id. */
  names: Map<string, string>;
}

/** A program's page, section by section; `notice` reports on the action that led here. */
export function programPageView(program: Program, origin: string, csrf: string, d: ProgramPageData, notice?: Raw): Raw {
  return html`
      <p><a href="/dashboard">← Your programs</a></p>
      <h1>${program.name}</h1>
      ${notice ?? ''}
      ${activitySection(d.activity, d.leaders, d.names)}
      ${apiKeysSection(program.id, d.keys, csrf)}
      ${trackingSection(program, origin, csrf)}
      ${connectedAppsSection(program.id, d.connections, csrf)}
      ${billingSection(program.id, d.integrations, d.billingEvents, csrf)}
      ${webhookDeliveriesSection(d.deliveries)}`;
}

/** A program that is not the user's, or does not exist: the same answer for both. */
export const programNotFoundView = (): Raw => html`<h1>Not found</h1><p>No such program.</p>`;
