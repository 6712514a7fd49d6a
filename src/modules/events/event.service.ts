import { newId } from '../../common/ids';
import type { ServiceContext } from '../service-context';
import type { EventType } from '../../validation/enums';
import { queueEvent } from './event.queries';

export type { EventType } from '../../validation/enums';

/** Event outbox: call with the transaction's context (`tx`), so the event exists exactly when the change does. */
export class EventService {
  record(tx: ServiceContext, programId: string, type: EventType, data: unknown): void {
    // Time-ordered id: the log reads in creation order without another column.
    queueEvent(tx.em, { id: `evt_${newId().replace(/-/g, '')}`, programId, type, data });
  }
}
