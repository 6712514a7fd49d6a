import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination';
import { ListQuery, sortValuesOf } from '../../db/list-query';
import { detachedRows, insertEntity, toDetached } from '../../db/rows';
import { Assignments } from '../../db/where';
import { EventRecord } from '../events/event.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of webhook endpoints, the event log and deliveries. Every statement names its program, on every
 * table it joins; only the worker's claim reads across programs (the queue is shared), and what it claims
 * carries its program into every later statement.
 */

// ---- endpoints ----

/** The program's endpoints in creation order; read-only (a change is saveEndpoint). */
/** The program's endpoints, oldest first; only those of one OAuth connection when `connectionId` is given. */
export function endpointsOf(em: EntityManager, programId: string, connectionId?: string): Promise<WebhookEndpoint[]> {
  const mine = connectionId ? ' and connection_id = ?' : '';
  return detachedRows(em, WebhookEndpoint, `select * from webhook_endpoints where program_id = ?${mine} order by id asc`, [
    programId,
    ...(connectionId ? [connectionId] : []),
  ]);
}

export async function endpointById(em: EntityManager, programId: string, id: string): Promise<WebhookEndpoint | null> {
  return (await detachedRows(em, WebhookEndpoint, 'select * from webhook_endpoints where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** How many endpoints the program made (connectionId absent), or one partner connection subscribed. */
export async function endpointCount(em: EntityManager, programId: string, connectionId: string | null = null): Promise<number> {
  const [row] = await execute<{ n: string }[]>(
    em,
    `select count(*) as n from webhook_endpoints where program_id = ? and ${connectionId ? 'connection_id = ?' : 'connection_id is null'}`,
    connectionId ? [programId, connectionId] : [programId],
  );
  return Number(row.n);
}

/** A new endpoint (one insert, program_id among its columns). */
export async function insertEndpoint(
  em: EntityManager,
  fields: Pick<WebhookEndpoint, 'programId' | 'url' | 'secret' | 'eventTypes' | 'description' | 'enabled' | 'connectionId'>,
): Promise<WebhookEndpoint> {
  return insertEntity(em, WebhookEndpoint, fields);
}

/** The columns of an endpoint a change may write, by property. */
const ENDPOINT_COLUMNS = {
  url: 'url',
  description: 'description',
  eventTypes: 'event_types',
  enabled: 'enabled',
  secret: 'secret',
  previousSecret: 'previous_secret',
  previousSecretExpiresAt: 'previous_secret_expires_at',
  failingSince: 'failing_since',
  disabledReason: 'disabled_reason',
  updatedAt: 'updated_at',
} as const;
export type EndpointChanges = Partial<Pick<WebhookEndpoint, keyof typeof ENDPOINT_COLUMNS>>;

/** Writes the given columns of one endpoint (only those: the worker may be changing others meanwhile). */
export async function updateEndpointRow(em: EntityManager, programId: string, id: string, changes: EndpointChanges): Promise<void> {
  // A bound array would be spread into a list of parameters: event types go as their text form.
  const values = changes.eventTypes ? { ...changes, eventTypes: em.getPlatform().marshallArray(changes.eventTypes) } : changes;
  const set = new Assignments().fromColumns<Record<keyof typeof ENDPOINT_COLUMNS, unknown>>(ENDPOINT_COLUMNS, values);
  if (set.isEmpty()) return;
  await execute(em, `update webhook_endpoints set ${set} where program_id = ? and id = ?`, [...set.params, programId, id]);
}

export async function deleteEndpointRow(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'delete from webhook_endpoints where program_id = ? and id = ?', [programId, id]);
}

// ---- the event log ----

/** Which events a list keeps. */
export interface EventsFilter {
  type?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** A page of events: oldest first (by id), or by creation time in the window's direction; read-only. */
export async function eventsPage(
  em: EntityManager,
  programId: string,
  filter: EventsFilter,
  window: PageWindow<string>,
): Promise<{ rows: EventRecord[]; sortValues: string[]; q: ListQuery }> {
  const q = new ListQuery('events e', 'e.program_id', programId)
    .filter(filter.type || null, 'e.type = ?')
    .createdBetween('e.created_at', filter.createdAfter, filter.createdBefore)
    .page('e.id', window, window.order ? 'e.created_at' : null);
  const raw = await execute<Array<Record<string, unknown>>>(em, q.sql(`e.*${q.sortValue()}`), q.params);
  return { rows: toDetached(em, EventRecord, raw), sortValues: sortValuesOf(raw), q };
}

export async function eventById(em: EntityManager, programId: string, id: string): Promise<EventRecord | null> {
  return (await detachedRows(em, EventRecord, 'select * from events where program_id = ? and id = ?', [programId, id]))[0] ?? null;
}

/** Every matching endpoint of the event (or the one named): existing deliveries restart, missing ones are created. Their count. */
export async function redeliverEvent(em: EntityManager, programId: string, eventId: string, endpointId?: string | null): Promise<number> {
  const rows = await execute<{ id: number }[]>(
    em,
    `insert into webhook_deliveries (program_id, endpoint_id, event_id)
     select ev.program_id, e.id, ev.id from events ev join webhook_endpoints e on e.program_id = ev.program_id
      where ev.program_id = ? ${endpointId ? 'and e.id = ?' : ''} and ev.id = ? and e.enabled and (cardinality(e.event_types) = 0 or ev.type = any(e.event_types))
     on conflict (program_id, endpoint_id, event_id) do update
       set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
     returning id`,
    endpointId ? [programId, endpointId, eventId] : [programId, eventId],
  );
  return rows.length;
}

/** Restarts every failed delivery created since `since` (of one endpoint when named). Their count. */
export async function redeliverFailedSince(em: EntityManager, programId: string, since: Date, endpointId?: string | null): Promise<number> {
  const rows = await execute<{ id: number }[]>(
    em,
    `update webhook_deliveries d set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
       from webhook_endpoints e
      where e.program_id = d.program_id and d.endpoint_id = e.id and d.program_id = ? ${endpointId ? 'and e.id = ?' : ''} and d.status = 'failed' and d.created_at >= ?
      returning d.id`,
    endpointId ? [programId, endpointId, since] : [programId, since],
  );
  return rows.length;
}

export interface AttemptRow {
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

/** Every attempt of a delivery, oldest first. */
export function attemptsOf(em: EntityManager, programId: string, deliveryId: number): Promise<AttemptRow[]> {
  return execute<AttemptRow[]>(
    em,
    'select attempted_at, status_code, duration_ms, error, response_excerpt from webhook_attempts where program_id = ? and delivery_id = ? order by id',
    [programId, deliveryId],
  );
}

export interface RecentDeliveryRow {
  event_id: string;
  type: string;
  url: string;
  status: string;
  attempts: number;
  last_status: number | null;
  updated_at: string;
}

/** The program's latest deliveries with their event type and endpoint URL, newest first. */
export function recentDeliveries(em: EntityManager, programId: string, limit: number): Promise<RecentDeliveryRow[]> {
  return execute<RecentDeliveryRow[]>(
    em,
    `select d.event_id, ev.type, e.url, d.status, d.attempts, d.last_status, d.updated_at from webhook_deliveries d
         join events ev on ev.program_id = d.program_id and ev.id = d.event_id join webhook_endpoints e on e.program_id = d.program_id and e.id = d.endpoint_id
        where d.program_id = ? order by d.id desc limit ?`,
    [programId, limit],
  );
}

// ---- delivery (the worker) ----

export interface ClaimedDelivery {
  id: number;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date;
  program_id: string;
}

/**
 * Claims up to `batch` due deliveries of every program in one statement (FOR UPDATE SKIP LOCKED, then a lease
 * of `leaseSeconds`), counting the attempt, with what sending needs of their endpoint and event. The queue is
 * shared, so the claim cannot name a program; every statement after it names the claimed delivery's.
 */
export function claimDueDeliveries(em: EntityManager, batch: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return execute<ClaimedDelivery[]>(
    em,
    `with /* all programs: the worker claim on the shared delivery queue */ due as (
       select d.program_id, d.id from webhook_deliveries d join webhook_endpoints e on e.program_id = d.program_id and e.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now()) and e.enabled
        order by d.next_attempt_at, d.id limit ? for update of d skip locked)
     update webhook_deliveries d set locked_until = now() + make_interval(secs => ?), attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now()
       from due, webhook_endpoints e, events ev
      where d.program_id = due.program_id and d.id = due.id and e.program_id = d.program_id and e.id = d.endpoint_id
        and ev.program_id = d.program_id and ev.id = d.event_id
     returning d.id, d.attempts, d.endpoint_id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at, e.failing_since,
               ev.id as event_id, ev.type, ev.data, ev.created_at, ev.program_id`,
    [batch, leaseSeconds],
  );
}

export async function insertAttempt(
  em: EntityManager,
  programId: string,
  deliveryId: number,
  a: { statusCode: number | null; durationMs: number; error: string | null; excerpt: string | null },
): Promise<void> {
  await execute(em, 'insert into webhook_attempts (program_id, delivery_id, status_code, duration_ms, error, response_excerpt) values (?, ?, ?, ?, ?, ?)', [
    programId,
    deliveryId,
    a.statusCode,
    a.durationMs,
    a.error,
    a.excerpt,
  ]);
}

/** Ends an attempt: its outcome, the lease released, and the next attempt in `delaySeconds` (null: keep the time). */
export async function settleDelivery(
  em: EntityManager,
  programId: string,
  id: number,
  s: { status: string; lastStatus: number | null; error: string | null; delaySeconds: number | null },
): Promise<void> {
  await execute(
    em,
    `update webhook_deliveries set status = ?, last_status = ?, last_error = ?, locked_until = null, updated_at = now(),
            next_attempt_at = case when ?::float8 is null then next_attempt_at else now() + make_interval(secs => ?) end
      where program_id = ? and id = ?`,
    [s.status, s.lastStatus, s.error, s.delaySeconds, s.delaySeconds ?? 0, programId, id],
  );
}

export async function endpointRecovered(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'update webhook_endpoints set failing_since = null where program_id = ? and id = ? and failing_since is not null', [programId, id]);
}

export async function disableGoneEndpoint(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(
    em,
    `update webhook_endpoints set enabled = false, disabled_reason = 'The receiver answered 410 Gone', updated_at = now() where program_id = ? and id = ?`,
    [programId, id],
  );
}

/** Since when the endpoint has been failing (now, when this is its first failure). */
export async function endpointFailingSince(em: EntityManager, programId: string, id: string): Promise<Date> {
  const [row] = await execute<Array<{ failing_since: Date }>>(
    em,
    'update webhook_endpoints set failing_since = coalesce(failing_since, now()) where program_id = ? and id = ? returning failing_since',
    [programId, id],
  );
  return new Date(row.failing_since);
}

/** Disables a still enabled endpoint that failed too long; its URL with its program's name and owner's email, or null. */
export async function disableFailingEndpoint(
  em: EntityManager,
  programId: string,
  id: string,
): Promise<{ url: string; owner_email: string; name: string } | null> {
  const [row] = await execute<Array<{ url: string; owner_email: string; name: string }>>(
    em,
    `update webhook_endpoints e set enabled = false, disabled_reason = 'Failing for 5 days', updated_at = now()
       from programs p join users u on u.id = p.owner_id
      where e.program_id = ? and e.id = ? and e.enabled and p.id = e.program_id
      returning e.url, u.email as owner_email, p.name`,
    [programId, id],
  );
  return row ?? null;
}

export interface DeliveryRow {
  id: number;
  event_id: string;
  endpoint_id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
}

/** The deliveries of some events of the program (a DataLoader's batch), in creation order. */
export function deliveriesOfEvents(em: EntityManager, programId: string, eventIds: readonly string[]): Promise<DeliveryRow[]> {
  return execute<DeliveryRow[]>(
    em,
    `select id, event_id, endpoint_id, status, attempts, next_attempt_at, last_attempt_at, last_status, last_error, created_at
           from webhook_deliveries where program_id = ? and event_id in (?) order by id`,
    [programId, [...eventIds]],
  );
}

/** Which deliveries a list keeps (the endpoint a UUID: the service's check). */
export interface DeliveriesFilter {
  status?: string | null;
  endpointId?: string | null;
  eventId?: string | null;
  eventType?: string | null;
  createdAfter?: Date | string | null;
  createdBefore?: Date | string | null;
}

/** A page of the program's webhook deliveries: newest first, or by creation time in the window's direction. */
export async function deliveriesPage(
  em: EntityManager,
  programId: string,
  filter: DeliveriesFilter,
  window: PageWindow<number>,
): Promise<{ rows: Array<DeliveryRow & Record<string, unknown>>; q: ListQuery }> {
  const q = new ListQuery('webhook_deliveries d', 'd.program_id', programId)
    .filter(filter.status, 'd.status = ?')
    .filter(filter.endpointId, 'd.endpoint_id = ?')
    .filter(filter.eventId, 'd.event_id = ?')
    .createdBetween('d.created_at', filter.createdAfter, filter.createdBefore);
  if (filter.eventType) q.and('exists (select 1 from events ev where ev.program_id = d.program_id and ev.id = d.event_id and ev.type = ?)', filter.eventType);
  q.page('d.id', window, window.order ? 'd.created_at' : null, 'desc');
  const select = `d.id, d.event_id, d.endpoint_id, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status, d.last_error, d.created_at${q.sortValue()}`;
  return { rows: await execute<Array<DeliveryRow & Record<string, unknown>>>(em, q.sql(select), q.params), q };
}
