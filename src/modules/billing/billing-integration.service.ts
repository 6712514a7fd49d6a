import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, numericPageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import { countOf } from '../../db/list-query';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ProgramService } from '../programs/program.service';
import type { ServiceContext } from '../service-context';
import type { BillingIntegration } from './billing-integration.entity';
import {
  billingEventsPage,
  deleteIntegrationRow,
  insertIntegration,
  integrationById,
  integrationOfOwner,
  integrationsOf,
  type BillingEventRow,
  type BillingEventsFilter,
} from './billing.queries';

/** A Stripe endpoint's signing secret as its dashboard shows it. */
const STRIPE_SECRET = /^whsec_[A-Za-z0-9+/=_-]{16,200}$/;

const MAX_INTEGRATIONS = 10;

/** A received event as lists show it. */
export interface BillingEventView {
  id: number;
  integrationId: string;
  eventId: string;
  type: string;
  outcome: string;
  detail: string;
  receivedAt: Date;
}

/** A program's billing integrations (the owner connects them) and the log of what their events did. */
export class BillingIntegrationService {
  constructor(
    private readonly programs: ProgramService,
    private readonly origin: string,
  ) {}

  /** Where the provider sends the integration's events: to be pasted into Stripe's dashboard. */
  webhookUrl(integration: Pick<BillingIntegration, 'id' | 'provider'>): string {
    return `${this.origin}/integrations/${integration.provider}/${integration.id}`;
  }

  /** Connects a Stripe account: the secret signs its deliveries to the integration's URL and is never answered again. */
  async createIntegration(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: { provider: string; signingSecret: string },
  ): Promise<BillingIntegration> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (input.provider !== 'stripe') throw validationError('provider must be stripe', 'provider');
    const secret = input.signingSecret.trim();
    if (!STRIPE_SECRET.test(secret))
      throw validationError("signingSecret must be the endpoint's signing secret from Stripe's dashboard (whsec_…)", 'signingSecret');
    return inTransaction(ctx, async (tx) => {
      if ((await integrationsOf(tx.em, program.id)).length >= MAX_INTEGRATIONS)
        throw validationError(`A program can have at most ${MAX_INTEGRATIONS} billing integrations`, 'provider');
      return insertIntegration(tx.em, { programId: program.id, provider: 'stripe', signingSecret: secret });
    });
  }

  async listIntegrations(ctx: ServiceContext, programId: string | null | undefined): Promise<BillingIntegration[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return integrationsOf(ctx.em, program.id);
  }

  /**
   * Disconnects an integration: its URL answers 404 from now on, and its event log goes with it. A session may
   * name it by its id alone (it is looked up among the user's programs: another user's answers as none).
   */
  async deleteIntegration(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<BillingIntegration> {
    const a = ctx.actor;
    const byIdAlone = !programId && a.kind === 'session';
    const owned = byIdAlone && isUuid(id) ? await integrationOfOwner(ctx.em, a.userId, id) : null;
    if (byIdAlone && !owned) throw notFound('No such billing integration in your programs');
    const program = await this.programs.requireProgram(ctx, programId ?? owned?.programId);
    const found = owned ?? (isUuid(id) ? await integrationById(ctx.em, program.id, id) : null);
    if (!found) throw notFound('No such billing integration in this program');
    await translated(deleteIntegrationRow(ctx.em, program.id, found.id));
    return found;
  }

  /** The events the program's integrations received, newest first, with what each did. */
  async listEvents(ctx: ServiceContext, programId: string | null | undefined, filter: BillingEventsFilter, page: PageArgs): Promise<Page<BillingEventView>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = numericPageWindow(page);
    if (filter.integrationId != null && !isUuid(filter.integrationId)) return emptyPage<BillingEventView>();
    const { rows, q } = await billingEventsPage(ctx.em, program.id, filter, w);
    return toPage(rows.map(eventView), w, countOf(ctx.em, q));
  }
}

const eventView = (r: BillingEventRow): BillingEventView => ({
  id: Number(r.id),
  integrationId: r.integration_id,
  eventId: r.event_id,
  type: r.type,
  outcome: r.outcome,
  detail: r.detail,
  receivedAt: new Date(r.received_at),
});
