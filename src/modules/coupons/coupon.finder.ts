import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../common/ids';
import type { Coupon } from './coupon.entity';
import { couponById } from './coupon.queries';

/** Coupon lookups for other domains (promotional codes point at a coupon); scoped to one program. */
export async function findCouponById(em: EntityManager, programId: string, id: string): Promise<Coupon | null> {
  return isUuid(id) ? couponById(em, programId, id) : null;
}
