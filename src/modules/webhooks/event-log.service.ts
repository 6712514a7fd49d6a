import { validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { translated } from '../../db/unit-of-work';
import type { ProgramService } from '../programs/program.service';
import { EVENT_TYPES } from './webhook-endpoint.service';
import {
  attemptsOf,
  eventById,
  eventsAfter,
  recentDeliveries,
  redeliverEvent,
  redeliverFailedSince,
  type AttemptRow,
  type RecentDeliveryRow,
} from './webhook.queries';

const EVENT_CURSOR = /^evt_[0-9a-f]{32}$/;

/** The program's event log (oldest first, cursor-paginated), its deliveries, and replay. */
export class EventLogService {
  constructor(private readonly programs: ProgramService) {}

  async listEvents(ctx: ServiceContext, programId: string | null | undefined, args: { after?: string | null; first?: number | null; type?: string | null }) {
    const program = await this.programs.requireProgram(ctx, programId);
    const first = args.first ?? 100;
    if (!Number.isInteger(first) || first < 1 || first > 500) throw validationError('limit must be an integer from 1 to 500', 'limit');
    if (args.after != null && !EVENT_CURSOR.test(args.after)) throw validationError('after must be an event id', 'after');
    if (args.type != null && !(EVENT_TYPES as readonly string[]).includes(args.type)) throw validationError('type is not a known event type', 'type');
    const rows = await eventsAfter(ctx.em, program.id, args, first + 1);
    const nodes = rows.slice(0, first);
    return { nodes, hasNextPage: rows.length > first, endCursor: nodes.length ? nodes[nodes.length - 1].id : (args.after ?? null) };
  }

  /**
   * Sends events again: one event (to all its endpoints, or one), or every failed delivery since a time.
   * Delivered again means a fresh delivery cycle (attempts and the retry schedule start over); the receiver sees the same webhook-id (dedupe by it).
   * Returns how many deliveries were queued.
   */
  async replay(
    ctx: ServiceContext,
    programId: string | null | undefined,
    args: { eventId?: string | null; since?: Date | null; endpointId?: string | null },
  ): Promise<number> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!args.eventId && !args.since) throw validationError('eventId or since is required', 'eventId');
    if (args.eventId && !EVENT_CURSOR.test(args.eventId)) throw validationError('eventId is not an event id', 'eventId');
    if (args.endpointId && !isUuid(args.endpointId)) throw validationError('endpointId is not a webhook endpoint id', 'endpointId');
    if (args.eventId) {
      if (!(await eventById(ctx.em, program.id, args.eventId))) throw validationError('No such event in this program', 'eventId');
      return translated(redeliverEvent(ctx.em, program.id, args.eventId, args.endpointId));
    }
    return translated(redeliverFailedSince(ctx.em, program.id, args.since!, args.endpointId));
  }

  /** The program's latest deliveries (20), newest first, for the dashboard. */
  async recentDeliveries(ctx: ServiceContext, programId: string): Promise<RecentDeliveryRow[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return recentDeliveries(ctx.em, program.id, 20);
  }

  /** Every attempt of a delivery of the program, oldest first. */
  async attemptLog(ctx: ServiceContext, programId: string, deliveryId: number): Promise<AttemptRow[]> {
    const program = await this.programs.requireProgram(ctx, programId);
    return attemptsOf(ctx.em, program.id, deliveryId);
  }
}
