import type { EntityManager } from '@mikro-orm/postgresql';
import { EventRecord } from './event.entity';

/** The SQL of the event outbox (the event log's reads are the webhooks domain's: webhook.queries). */

/** Queues an event in the caller's unit of work (written with its other changes as it commits; program_id is a column). */
export function queueEvent(em: EntityManager, fields: Pick<EventRecord, 'id' | 'programId' | 'type' | 'data'>): EventRecord {
  const event = em.create(EventRecord, fields);
  em.persist(event);
  return event;
}
