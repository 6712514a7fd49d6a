import { DomainError } from '../../common/errors';
import { inTransaction } from '../../db/unit-of-work';
import type { ServiceContext } from '../service-context';

/** What a billing command did: recorded something (said what), or nothing (said why). The event log keeps both. */
export type Outcome = { outcome: 'recorded' | 'ignored'; detail: string };
export const ignored = (detail: string): Outcome => ({ outcome: 'ignored', detail });
export const recorded = (detail: string): Outcome => ({ outcome: 'recorded', detail });

/**
 * One step of an event in a savepoint: a refusal of the program's rules (a referral limit, a code used up, a
 * refund window) undoes that step alone and is answered as ignored, `what` saying what was refused, so what the
 * event does besides (hold its invoice, keep its subscription's status) still happens.
 */
export async function attempt<T extends object>(
  tx: ServiceContext,
  what: string,
  step: (inner: ServiceContext) => Promise<T>,
  refusals?: string[],
): Promise<T | Outcome> {
  try {
    return await inTransaction(tx, step);
  } catch (err) {
    if (!(err instanceof DomainError) || err.code === 'UNAVAILABLE' || err.code === 'INTERNAL' || (refusals && !refusals.includes(err.code))) throw err;
    return ignored(`${what} refused: ${err.message}`);
  }
}
