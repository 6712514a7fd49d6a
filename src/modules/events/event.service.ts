import { newId } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import { queueEvent } from './event.queries';

export type EventType =
  | 'affiliate.created'
  | 'affiliate.updated'
  | 'affiliate.deleted'
  | 'referral.created'
  | 'referral.updated'
  | 'referral.deleted'
  | 'coupon.created'
  | 'coupon.updated'
  | 'coupon.deleted'
  | 'promotional_code.created'
  | 'promotional_code.updated'
  | 'promotional_code.deleted'
  | 'sale.created'
  | 'sale.updated'
  | 'sale.refunded';

/** Event outbox: call with the transaction's context (`tx`), so the event exists exactly when the change does. */
export class EventService {
  record(tx: ServiceContext, programId: string, type: EventType, data: unknown): void {
    // Time-ordered id: the log reads in creation order without another column.
    queueEvent(tx.em, { id: `evt_${newId().replace(/-/g, '')}`, programId, type, data });
  }
}
