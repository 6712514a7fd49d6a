import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../../common/ids';
import { EventRecord } from './event.entity';

export type EventType =
  | 'affiliate.created' | 'affiliate.updated' | 'affiliate.deleted'
  | 'referral.created' | 'referral.updated' | 'referral.deleted'
  | 'coupon.created' | 'coupon.updated' | 'coupon.deleted'
  | 'promotional_code.created' | 'promotional_code.updated' | 'promotional_code.deleted'
  | 'sale.created' | 'sale.updated' | 'sale.refunded';

/** Event outbox: call inside the transaction of the change, so the event exists exactly when the change does. */
export class EventService {
  record(em: EntityManager, programId: string, type: EventType, data: unknown): EventRecord {
    // Time-ordered id: the log reads in creation order without another column.
    const event = em.create(EventRecord, { id: `evt_${newId().replace(/-/g, '')}`, programId, type, data: JSON.parse(JSON.stringify(data)) });
    em.persist(event);
    return event;
  }
}
