import DataLoader from 'dataloader';
import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows } from '../db/rows';
import type { Affiliate } from './affiliates/affiliate.entity';
import type { AffiliateLink } from './affiliates/affiliate-link.entity';
import type { CommissionPlan } from './commission-plans/commission-plan.entity';
import { Coupon } from './coupons/coupon.entity';
import { AutoCouponRule } from './coupons/auto-coupon-rule.entity';
import { PromotionalCode } from './promo-codes/promotional-code.entity';
import { Commission } from './commissions/commission.entity';
import type { Payout } from './payouts/payout.entity';
import { payoutsOfBatches } from './payouts/payout-record.queries';
import { affiliatesByIds } from './affiliates/affiliate.queries';
import { plansByIds } from './commission-plans/commission-plan.queries';
import { linksOfAffiliates } from './links/link.queries';
import { deliveriesOfEvents, type DeliveryRow } from './webhooks/webhook.queries';
import { execute } from '../db/sql';

/**
 * Per-request, per-program batched lookups: every relation the API exposes is loaded through one of these,
 * so a page of N records costs one query per relation, never N.
 */
export interface Loaders {
  affiliateById: PrimableLoader<string, Affiliate | null>;
  linksByAffiliateId: DataLoader<string, AffiliateLink[]>;
  planById: DataLoader<string, CommissionPlan | null>;
  couponById: DataLoader<string, Coupon | null>;
  /** Newest first. */
  codesByCouponId: DataLoader<string, PromotionalCode[]>;
  ruleByCouponId: DataLoader<string, AutoCouponRule | null>;
  /** Codes connected to a link (by the background job). */
  codesByLinkId: DataLoader<string, string[]>;
  commissionBySaleId: PrimableLoader<number, Commission | null>;
  entriesByCommissionId: DataLoader<string, Array<{ kind: string; amount: string; note: string | null; created_at: Date }>>;
  deliveriesByEventId: DataLoader<string, DeliveryRow[]>;
  commissionById: DataLoader<string, Commission | null>;
  /** In creation order. */
  payoutsByBatchId: DataLoader<string, Payout[]>;
}

export type { DeliveryRow };

function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

/**
 * A DataLoader that also answers synchronously for values a service primed it with (rows it read anyway):
 * a field resolver that can answer without a promise keeps GraphQL execution on its fast path.
 */
export class PrimableLoader<K, V> extends DataLoader<K, V> {
  private readonly known = new Map<K, V>();

  override prime(key: K, value: V | Error | PromiseLike<V>): this {
    if (!(value instanceof Error) && !isPromiseLike(value) && !this.known.has(key)) this.known.set(key, value);
    return super.prime(key, value);
  }

  override clear(key: K): this {
    this.known.delete(key);
    return super.clear(key);
  }

  override clearAll(): this {
    this.known.clear();
    return super.clearAll();
  }

  /** `fn` of the value: at once when primed, else when loaded. */
  with<R>(key: K, fn: (value: V) => R): R | Promise<R> {
    return this.known.has(key) ? fn(this.known.get(key) as V) : this.load(key).then(fn);
  }
}

const isPromiseLike = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Rows of one program whose `column` is one of `keys`: read-only entities through hand-written SQL (see db/rows),
 * for the domains whose batched lookups are not in their queries files yet (coupons, promotional codes, commissions).
 */
function rowsIn<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  table: string,
  programId: string,
  column: string,
  keys: readonly unknown[],
  orderBy?: string,
): Promise<T[]> {
  return detachedRows(em, entity, `select * from ${table} where program_id = ? and ${column} in (?)${orderBy ? ` order by ${orderBy}` : ''}`, [
    programId,
    [...keys],
  ]);
}

export function createLoaders(em: EntityManager, programId: string): Loaders {
  return {
    affiliateById: new PrimableLoader(async (ids) => byId(await affiliatesByIds(em, programId, ids), ids)),
    linksByAffiliateId: new DataLoader(async (ids) => {
      const links = await linksOfAffiliates(em, programId, ids);
      const grouped = new Map<string, AffiliateLink[]>(ids.map((id) => [id, []]));
      for (const l of links) grouped.get(l.affiliateId)?.push(l);
      return ids.map((id) => grouped.get(id)!);
    }),
    planById: new DataLoader(async (ids) => byId(await plansByIds(em, programId, ids), ids)),
    couponById: new DataLoader(async (ids) => byId(await rowsIn(em, Coupon, 'coupons', programId, 'id', ids), ids)),
    codesByCouponId: new DataLoader(async (ids) => {
      const codes = await rowsIn(em, PromotionalCode, 'promotional_codes', programId, 'coupon_id', ids, 'id desc');
      const grouped = new Map<string, PromotionalCode[]>(ids.map((id) => [id, []]));
      for (const c of codes) grouped.get(c.couponId)?.push(c);
      return ids.map((id) => grouped.get(id)!);
    }),
    ruleByCouponId: new DataLoader(async (ids) => {
      const rules = await rowsIn(em, AutoCouponRule, 'auto_coupon_rules', programId, 'coupon_id', ids);
      const map = new Map(rules.map((r) => [r.couponId, r]));
      return ids.map((id) => map.get(id) ?? null);
    }),
    codesByLinkId: new DataLoader(async (ids) => {
      const rows = await execute<{ link_id: string; code: string }[]>(
        em,
        `select pcl.link_id, pc.code from promotional_code_links pcl
           join promotional_codes pc on pc.program_id = pcl.program_id and pc.id = pcl.promotional_code_id
          where pcl.program_id = ? and pcl.link_id in (?) order by pc.id`,
        [programId, [...ids]],
      );
      const grouped = new Map<string, string[]>(ids.map((id) => [id, []]));
      for (const r of rows) grouped.get(r.link_id)?.push(r.code);
      return ids.map((id) => grouped.get(id)!);
    }),
    commissionBySaleId: new PrimableLoader(async (ids) => {
      const rows = await rowsIn(em, Commission, 'commissions', programId, 'sale_id', ids);
      const map = new Map(rows.map((c) => [c.saleId, c]));
      return ids.map((id) => map.get(id) ?? null);
    }),
    entriesByCommissionId: new DataLoader(async (ids) => {
      const rows = await execute<Array<{ commission_id: string; kind: string; amount: string; note: string | null; created_at: Date }>>(
        em,
        'select commission_id, kind, amount, note, created_at from commission_entries where program_id = ? and commission_id in (?) order by id',
        [programId, [...ids]],
      );
      const grouped = new Map<string, typeof rows>(ids.map((id) => [id, []]));
      for (const r of rows) grouped.get(r.commission_id)?.push(r);
      return ids.map((id) => grouped.get(id)!);
    }),
    deliveriesByEventId: new DataLoader(async (ids) => {
      const rows = await deliveriesOfEvents(em, programId, ids);
      const grouped = new Map<string, DeliveryRow[]>(ids.map((id) => [id, []]));
      for (const r of rows) grouped.get(r.event_id)?.push(r);
      return ids.map((id) => grouped.get(id)!);
    }),
    commissionById: new DataLoader(async (ids) => byId(await rowsIn(em, Commission, 'commissions', programId, 'id', ids), ids)),
    payoutsByBatchId: new DataLoader(async (ids) => {
      const rows = await payoutsOfBatches(em, programId, ids);
      const grouped = new Map<string, Payout[]>(ids.map((id) => [id, []]));
      for (const p of rows) grouped.get(p.batchId)?.push(p);
      return ids.map((id) => grouped.get(id)!);
    }),
  };
}

/** Loaders keyed by program, created on first use; a request may touch several programs (dashboard users). */
export class LoaderRegistry {
  private readonly byProgram = new Map<string, Loaders>();
  constructor(private readonly em: EntityManager) {}
  for(programId: string): Loaders {
    let l = this.byProgram.get(programId);
    if (!l) this.byProgram.set(programId, (l = createLoaders(this.em, programId)));
    return l;
  }
}
