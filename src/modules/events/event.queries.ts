import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from '../../db/sql';
import { TransactionBatch } from '../../db/unit-of-work';
import type { EventRecord } from './event.entity';

/** The SQL of the event outbox (the event log's reads are the webhooks domain's: webhook.queries). */

type EventFields = Pick<EventRecord, 'id' | 'programId' | 'type' | 'data'>;

/** Events queued in a transaction and not written yet, inserted together before it commits. */
const pending = new TransactionBatch<QueuedEvent>(
  (em, rows) => insertEvents(em, rows),
  // An event outside a transaction could exist without its change, or the change without it.
  (e) => new Error(`event ${e.fields.type} recorded outside a transaction: record it with the transaction's context`),
);

/** An event as it will be written: its data serialized when it was recorded (later changes to the object do not count). */
interface QueuedEvent {
  fields: EventFields;
  json: string;
  createdAt: Date;
}

/**
 * Queues an event in the caller's transaction: written with the others of the transaction in one statement
 * before it commits (db/unit-of-work queueWrite), so the event exists exactly when the change does.
 */
export function queueEvent(em: EntityManager, fields: EventFields): void {
  pending.add(em, { fields, json: JSON.stringify(fields.data), createdAt: new Date() });
}

/** Rows per insert: PostgreSQL takes at most 65,535 parameters per statement (5 per event). */
const EVENTS_PER_INSERT = 1000;

async function insertEvents(em: EntityManager, events: QueuedEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += EVENTS_PER_INSERT) {
    const chunk = events.slice(i, i + EVENTS_PER_INSERT);
    const params: unknown[] = [];
    for (const e of chunk) params.push(e.fields.id, e.fields.programId, e.fields.type, e.json, e.createdAt);
    await execute(em, `insert into events (id, program_id, type, data, created_at) values ${chunk.map(() => '(?, ?, ?, ?::jsonb, ?)').join(', ')}`, params);
  }
}
