import { notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import type { EventType } from '../events/event.service';
import type { ProgramService } from '../programs/program.service';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { newWebhookSecret } from './webhook.signing';
import { parseWebhookUrl, resolveTarget } from './webhook.url';

/** Every event type the service emits (spec section 6 plus DESIGN.md's additions). */
export const EVENT_TYPES: readonly EventType[] = [
  'affiliate.created', 'affiliate.updated', 'affiliate.deleted',
  'referral.created', 'referral.updated', 'referral.deleted',
  'coupon.created', 'coupon.updated', 'coupon.deleted',
  'promotional_code.created', 'promotional_code.updated', 'promotional_code.deleted',
  'sale.created', 'sale.updated', 'sale.refunded',
];

export interface EndpointInput {
  url?: string | null;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean | null;
}

const MAX_ENDPOINTS = 50;

/** Webhook endpoints of a program: registration (URL checked), updates, deletion, secret rotation. */
export class WebhookEndpointService {
  constructor(private readonly programs: ProgramService, private readonly allowPrivate: boolean) {}

  async listEndpoints(ctx: ServiceContext, programId?: string | null): Promise<WebhookEndpoint[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return ctx.em.find(WebhookEndpoint, { programId: program.id }, { orderBy: { id: 'asc' } });
  }

  async findEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<WebhookEndpoint> {
    const program = await this.programs.requireProgram(ctx, programId);
    const e = isUuid(id) ? await ctx.em.findOne(WebhookEndpoint, { programId: program.id, id }) : null;
    if (!e) throw notFound('No such webhook endpoint in this program');
    return e;
  }

  /** Registers an endpoint for the given event types (every event when absent); the secret is returned this once. */
  async createEndpoint(ctx: ServiceContext, programId: string | null | undefined, input: EndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!input.url) throw validationError('url is required', 'url');
    const url = await this.checkUrl(input.url);
    if ((await ctx.em.count(WebhookEndpoint, { programId: program.id })) >= MAX_ENDPOINTS) throw validationError(`A program can have at most ${MAX_ENDPOINTS} webhook endpoints`, 'url');
    const secret = newWebhookSecret();
    const endpoint = ctx.em.create(WebhookEndpoint, {
      programId: program.id, url, secret, eventTypes: this.eventTypes(input.events), description: this.description(input.description), enabled: input.enabled ?? true,
    });
    await ctx.em.persistAndFlush(endpoint);
    return { endpoint, secret };
  }

  /** Changes URL, event types, description or enabled; re-enabling clears the failure state. */
  async updateEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string, input: EndpointInput): Promise<WebhookEndpoint> {
    const endpoint = await this.findEndpoint(ctx, programId, id);
    if (input.url != null) endpoint.url = await this.checkUrl(input.url);
    if (input.events !== undefined) endpoint.eventTypes = this.eventTypes(input.events);
    if (input.description !== undefined) endpoint.description = this.description(input.description);
    if (input.enabled != null) {
      if (input.enabled && !endpoint.enabled) {
        endpoint.failingSince = null;
        endpoint.disabledReason = null;
      }
      endpoint.enabled = input.enabled;
    }
    endpoint.updatedAt = new Date();
    await ctx.em.flush();
    return endpoint;
  }

  async deleteEndpoint(ctx: ServiceContext, programId: string | null | undefined, id: string): Promise<{ id: string; url: string }> {
    const endpoint = await this.findEndpoint(ctx, programId, id);
    await ctx.em.nativeDelete(WebhookEndpoint, { programId: endpoint.programId, id: endpoint.id });
    return { id: endpoint.id, url: endpoint.url };
  }

  /** A new secret; the old one keeps signing beside it for `overlapHours` (default 24), so receivers can switch. */
  async rotateSecret(ctx: ServiceContext, programId: string | null | undefined, id: string, overlapHours = 24): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    if (!Number.isFinite(overlapHours) || overlapHours < 0 || overlapHours > 24 * 30) throw validationError('overlapHours must be from 0 to 720', 'overlapHours');
    const endpoint = await this.findEndpoint(ctx, programId, id);
    const secret = newWebhookSecret();
    endpoint.previousSecret = overlapHours > 0 ? endpoint.secret : null;
    endpoint.previousSecretExpiresAt = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
    endpoint.secret = secret;
    endpoint.updatedAt = new Date();
    await ctx.em.flush();
    return { endpoint, secret };
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

  private description(v: string | null | undefined): string | null {
    const d = v?.trim() || null;
    if (d && d.length > 500) throw validationError('description may be at most 500 characters', 'description');
    return d;
  }
}
