import { validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { emptyPage, listWindow, numericPageWindow, textIds, toPage, type ListOrder, type Page, type PageArgs } from '../../common/pagination';
import { countOf, sortValuesOf } from '../../db/list-query';
import type { DeliveryOrderField, EventOrderField } from '../../validation/enums';
import type { EventRecord } from '../events/event.entity';
import type { ServiceContext } from '../service-context';
import { translated } from '../../db/unit-of-work';
import type { ProgramService } from '../programs/program.service';
import { EVENT_TYPES } from '../../validation/enums';
import {
  attemptsOf,
  eventById,
  deliveriesPage,
  eventsPage,
  type DeliveriesFilter,
  type DeliveryRow,
  type EventsFilter,
  recentDeliveries,
  redeliverEvent,
  redeliverFailedSince,
  type AttemptRow,
  type RecentDeliveryRow,
} from './webhook.queries';

const EVENT_CURSOR = /^evt_[0-9a-f]{32}$/;

/** Event ids are their own cursors: REST clients pass the last id read back as `after`. */
const EVENT_IDS = textIds(EVENT_CURSOR);

/** A delivery as lists and the event log show it. */
export interface DeliveryView {
  id: number;
  programId: string;
  eventId: string;
  endpointId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
}
export type ListedDelivery = DeliveryView & { createdAt: Date };

/** Raw SQL rows carry timestamps as text. */
const toDate = (v: Date | string | null): Date | null => (v == null ? null : new Date(v));

export function deliveryView(programId: string, r: DeliveryRow): DeliveryView {
  return {
    id: Number(r.id),
    programId,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? toDate(r.next_attempt_at) : null,
    lastAttemptAt: toDate(r.last_attempt_at),
    lastStatus: r.last_status,
    lastError: r.last_error,
  };
}

/** The program's event log (oldest first, cursor-paginated), its deliveries, and replay. */
export class EventLogService {
  constructor(private readonly programs: ProgramService) {}

  /** The event log matching the filter: oldest first, or by creation time in the order asked; cursors are event ids in the default order. */
  async listEvents(
    ctx: ServiceContext,
    programId: string | null | undefined,
    page: PageArgs,
    filter: EventsFilter = {},
    order: ListOrder<EventOrderField> | null = null,
  ): Promise<Page<EventRecord>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = listWindow(page, EVENT_IDS, order, 100);
    if (filter.type != null && !(EVENT_TYPES as readonly string[]).includes(filter.type)) throw validationError('type is not a known event type', 'type');
    const { rows, sortValues, q } = await eventsPage(ctx.em, program.id, filter, w);
    return toPage(rows, w, countOf(ctx.em, q), sortValues);
  }

  /** The program's webhook deliveries matching the filter: newest first, or by creation time in the order asked. */
  async listDeliveries(
    ctx: ServiceContext,
    programId: string | null | undefined,
    page: PageArgs,
    filter: DeliveriesFilter = {},
    order: ListOrder<DeliveryOrderField> | null = null,
  ): Promise<Page<ListedDelivery>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = numericPageWindow(page, order);
    if (filter.eventType != null && !(EVENT_TYPES as readonly string[]).includes(filter.eventType))
      throw validationError('eventType is not a known event type', 'eventType');
    if ((filter.endpointId != null && !isUuid(filter.endpointId)) || (filter.eventId != null && !EVENT_CURSOR.test(filter.eventId))) return emptyPage();
    const { rows, q } = await deliveriesPage(ctx.em, program.id, filter, w);
    const deliveries = rows.map((r) => ({ ...deliveryView(program.id, r), createdAt: new Date(r.created_at) }));
    return toPage(deliveries, w, countOf(ctx.em, q), sortValuesOf(rows));
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
