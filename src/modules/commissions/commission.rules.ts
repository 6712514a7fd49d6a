import type { Commission, CommissionStatus } from './commission.entity';

/** A pending commission whose holding period has ended reads as approved (the stored row catches up lazily). */
export const effectiveStatus = (c: Pick<Commission, 'status' | 'holdUntil'>, now = Date.now()): CommissionStatus =>
  c.status === 'pending' && c.holdUntil && c.holdUntil.getTime() <= now ? 'approved' : c.status;
