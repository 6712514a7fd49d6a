import { validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import type { ServiceContext } from '../../common/service-context';
import { EventRecord } from '../events/event.entity';
import type { ProgramService } from '../programs/program.service';
import { EVENT_TYPES } from './webhook-endpoint.service';

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
    const where: Record<string, unknown> = { programId: program.id };
    if (args.after) where.id = { $gt: args.after };
    if (args.type) where.type = args.type;
    const rows = await ctx.em.find(EventRecord, where, { orderBy: { id: 'asc' }, limit: first + 1 });
    const nodes = rows.slice(0, first);
    return { nodes, hasNextPage: rows.length > first, endCursor: nodes.length ? nodes[nodes.length - 1].id : args.after ?? null };
  }

  /**
   * Sends events again: one event (to all its endpoints, or one), or every failed delivery since a time.
   * Delivered again means a fresh delivery cycle (attempts and the retry schedule start over); the receiver sees the same webhook-id (dedupe by it).
   * Returns how many deliveries were queued.
   */
  async replay(ctx: ServiceContext, programId: string | null | undefined, args: { eventId?: string | null; since?: Date | null; endpointId?: string | null }): Promise<number> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!args.eventId && !args.since) throw validationError('eventId or since is required', 'eventId');
    if (args.eventId && !EVENT_CURSOR.test(args.eventId)) throw validationError('eventId is not an event id', 'eventId');
    if (args.endpointId && !isUuid(args.endpointId)) throw validationError('endpointId is not a webhook endpoint id', 'endpointId');
    const params: unknown[] = [program.id];
    let filter = '';
    if (args.endpointId) {
      filter += ' and e.id = ?';
      params.push(args.endpointId);
    }
    if (args.eventId) {
      const ev = await ctx.em.findOne(EventRecord, { programId: program.id, id: args.eventId });
      if (!ev) throw validationError('No such event in this program', 'eventId');
      // Every matching endpoint of the event: existing deliveries restart, missing ones are created.
      const rows = await ctx.em.execute<{ id: number }[]>(
        `insert into webhook_deliveries (program_id, endpoint_id, event_id)
         select ev.program_id, e.id, ev.id from events ev join webhook_endpoints e on e.program_id = ev.program_id
          where ev.program_id = ? ${filter} and ev.id = ? and e.enabled and (cardinality(e.event_types) = 0 or ev.type = any(e.event_types))
         on conflict (program_id, endpoint_id, event_id) do update
           set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
         returning id`,
        [...params, args.eventId],
      );
      return rows.length;
    }
    const rows = await ctx.em.execute<{ id: number }[]>(
      `update webhook_deliveries d set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
         from webhook_endpoints e
        where d.endpoint_id = e.id and d.program_id = ? ${filter} and d.status = 'failed' and d.created_at >= ?
        returning d.id`,
      [...params, args.since],
    );
    return rows.length;
  }
}
