import { forbidden, notFound, unauthenticated, validationError } from '../../common/errors';
import { lockLiveConnection } from '../oauth/oauth.finder';
import { isUuid } from '../../common/ids';
import { inTransaction, translated } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';
import { EVENT_TYPES, inPartnerScope } from '../../validation/enums';
import type { ProgramService } from '../programs/program.service';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { deleteEndpointRow, endpointById, endpointCount, endpointsOf, insertEndpoint, updateEndpointRow, type EndpointChanges } from './webhook.queries';
import { newWebhookSecret } from './webhook.signing';
import { parseWebhookUrl, resolveTarget } from './webhook.url';

/** An endpoint's fields as the edge accepted them (src/validation/schemas/webhooks.schemas.ts): url at most 2000 characters, description at most 500. */
export interface EndpointInput {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

const MAX_ENDPOINTS = 50;
const MAX_SUBSCRIPTIONS = 20;

/** The OAuth connection calling, whose subscriptions are the only ones it sees; undefined for the program's own credentials. */
const connectionOf = (ctx: ServiceContext): string | undefined => (ctx.actor.kind === 'oauth' ? ctx.actor.credentialId : undefined);

/** Webhook endpoints of a program: registration (URL checked), updates, deletion, secret rotation. */
export class WebhookEndpointService {
  constructor(
    private readonly programs: ProgramService,
    private readonly allowPrivate: boolean,
  ) {}

  async listEndpoints(ctx: ServiceContext, programId?: string | null): Promise<WebhookEndpoint[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return endpointsOf(ctx.em, program.id, connectionOf(ctx));
  }

  async findEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<WebhookEndpoint> {
    const program = await this.programs.requireProgram(ctx, programId);
    const e = isUuid(id) ? await endpointById(ctx.em, program.id, id) : null;
    // A partner's view holds only its own subscriptions: any other answers as one that does not exist.
    const connection = connectionOf(ctx);
    if (!e || (connection !== undefined && e.connectionId !== connection)) throw notFound('No such webhook endpoint in this program');
    return e;
  }

  /** Registers an endpoint for the given event types (every event when absent); the secret is returned this once. */
  async createEndpoint(
    ctx: ServiceContext,
    programId: string | null | undefined,
    input: EndpointInput,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const program = await this.programs.requireProgram(ctx, programId);
    const connectionId = connectionOf(ctx) ?? null;
    const eventTypes = connectionId ? this.partnerEventTypes(input.events) : this.eventTypes(input.events);
    const url = await this.checkUrl(input.url!); // required on creation: the edge's check (CreateWebhookBody)
    // The program's endpoints and each partner's subscriptions have their own limits: a partner cannot use up the program's.
    const max = connectionId ? MAX_SUBSCRIPTIONS : MAX_ENDPOINTS;
    if ((await endpointCount(ctx.em, program.id, connectionId)) >= max)
      throw validationError(
        connectionId ? `A partner can have at most ${max} webhook subscriptions` : `A program can have at most ${max} webhook endpoints`,
        'url',
      );
    const secret = newWebhookSecret();
    const fields = {
      programId: program.id,
      url,
      secret,
      eventTypes,
      description: input.description?.trim() || null,
      enabled: input.enabled ?? true,
      connectionId,
    };
    const endpoint = await inTransaction(ctx, async ({ em }) => {
      // A revocation running meanwhile either finishes first (refused here) or waits and then deletes this one too.
      if (connectionId && !(await lockLiveConnection(em, program.id, connectionId))) throw unauthenticated('This connection was revoked');
      return insertEndpoint(em, fields);
    });
    return { endpoint, secret };
  }

  /** Changes URL, event types, description or enabled; re-enabling clears the failure state. */
  async updateEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string, input: EndpointInput): Promise<WebhookEndpoint> {
    const endpoint = await this.findEndpoint(ctx, programId, id);
    const changes: EndpointChanges = {};
    if (input.url != null) changes.url = await this.checkUrl(input.url);
    // A partner's subscription stays within the partner's scope, whoever changes it.
    if (input.events !== undefined) changes.eventTypes = endpoint.connectionId ? this.partnerEventTypes(input.events) : this.eventTypes(input.events);
    if (input.description !== undefined) changes.description = input.description?.trim() || null;
    if (input.enabled != null) {
      if (input.enabled && !endpoint.enabled) {
        changes.failingSince = null;
        changes.disabledReason = null;
      }
      changes.enabled = input.enabled;
    }
    await this.save(ctx, endpoint, changes);
    return endpoint;
  }

  async deleteEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<{ id: string; url: string }> {
    const endpoint = await this.findEndpoint(ctx, programId, id);
    await translated(deleteEndpointRow(ctx.em, endpoint.programId, endpoint.id));
    return { id: endpoint.id, url: endpoint.url };
  }

  /**
   * A new secret; the old one keeps signing beside it for `overlapHours` (default 24; 0..720, the edge's check),
   * so receivers can switch.
   */
  async rotateSecret(
    ctx: ServiceContext,
    programId: string | null | undefined,
    id: string,
    overlapHours = 24,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.findEndpoint(ctx, programId, id);
    const secret = newWebhookSecret();
    await this.save(ctx, endpoint, {
      previousSecret: overlapHours > 0 ? endpoint.secret : null,
      previousSecretExpiresAt: overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null,
      secret,
    });
    return { endpoint, secret };
  }

  /** Applies the changes to the endpoint and writes those that differ, with updated_at (as a flush would). */
  private async save(ctx: ServiceContext, endpoint: WebhookEndpoint, changes: EndpointChanges): Promise<void> {
    const differs = (a: unknown, b: unknown) =>
      Array.isArray(a) || Array.isArray(b)
        ? JSON.stringify(a) !== JSON.stringify(b)
        : a instanceof Date || b instanceof Date
          ? +(a as Date) !== +(b as Date)
          : a !== b;
    const changed = Object.fromEntries(
      Object.entries({ ...changes, updatedAt: new Date() }).filter(([k, v]) => differs(endpoint[k as keyof EndpointChanges], v)),
    ) as EndpointChanges;
    Object.assign(endpoint, changed);
    await translated(updateEndpointRow(ctx.em, endpoint.programId, endpoint.id, changed));
  }

  private async checkUrl(raw: string): Promise<string> {
    const u = parseWebhookUrl(raw.trim());
    await resolveTarget(u, this.allowPrivate);
    return u.toString();
  }

  private eventTypes(v: string[] | null | undefined): string[] {
    if (v == null) return [];
    const unknown = v.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
    if (unknown.length) throw validationError(`Unknown event types: ${unknown.join(', ')} (known: ${EVENT_TYPES.join(', ')})`, 'events');
    return [...new Set(v)];
  }

  /**
   * A partner's subscription: known events of its scope only (any other is FORBIDDEN: its token cannot read
   * them); without `events`, every event of its scope, listed (not "every event").
   */
  private partnerEventTypes(v: string[] | null | undefined): string[] {
    if (v == null) return EVENT_TYPES.filter(inPartnerScope);
    const types = this.eventTypes(v);
    const outside = types.filter((t) => !inPartnerScope(t));
    if (outside.length) throw forbidden(`A partner may subscribe to affiliate.*, referral.*, sale.* and commission.* events only (not ${outside.join(', ')})`);
    if (!types.length) throw validationError('events must name at least one event', 'events');
    return types;
  }
}
