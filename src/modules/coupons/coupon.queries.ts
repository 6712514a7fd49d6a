import type { PageWindow } from '../../common/pagination';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ListQuery } from '../../db/list-query';
import { detachedRows } from '../../db/rows';
import { Assignments } from '../../db/where';
import type { CodeStructure, RandomCharsCase } from './auto-coupon-rule.entity';
import { Coupon } from './coupon.entity';
import { execute } from '../../db/sql';

/**
 * The SQL of coupons and their automatic-code rules; every statement names its program. Coupons come back
 * read-only (db/rows); changes are written by the statements here.
 */

export async function couponById(em: EntityManager, programId: string, id: string, lock = false): Promise<Coupon | null> {
  const rows = await detachedRows(em, Coupon, `select * from coupons where program_id = ? and id = ?${lock ? ' for update' : ''}`, [programId, id]);
  return rows[0] ?? null;
}

export async function couponByExternalId(em: EntityManager, programId: string, externalId: string): Promise<Coupon | null> {
  const rows = await detachedRows(em, Coupon, 'select * from coupons where program_id = ? and external_id = ?', [programId, externalId]);
  return rows[0] ?? null;
}

/** The coupon with this name: an exact match first, else one that differs only in case; the newest of several. */
export async function couponByName(em: EntityManager, programId: string, name: string): Promise<Coupon | null> {
  const rows = await detachedRows(em, Coupon, 'select * from coupons where program_id = ? and lower(name) = ? order by name = ? desc, id desc limit 1', [
    programId,
    name.toLowerCase(),
    name,
  ]);
  return rows[0] ?? null;
}

export async function couponExternalIdTaken(em: EntityManager, programId: string, externalId: string): Promise<boolean> {
  const [row] = await execute<{ taken: boolean }[]>(em, 'select exists (select 1 from coupons where program_id = ? and external_id = ?) as taken', [
    programId,
    externalId,
  ]);
  return row.taken;
}

/** A page of the program's coupons, newest first (`limit` rows, `afterId` the previous page's last). */
export async function couponsPage(em: EntityManager, programId: string, window: PageWindow<string>): Promise<{ rows: Coupon[]; q: ListQuery }> {
  const q = new ListQuery('coupons', 'program_id', programId).orderBy('id', 'desc').window(window);
  return { rows: await detachedRows(em, Coupon, q.sql('*'), q.params), q };
}

/** The column of each field a coupon is created or changed with. */
const COLUMNS = {
  name: 'name',
  externalId: 'external_id',
  couponType: 'coupon_type',
  percentOff: 'percent_off',
  amountOff: 'amount_off',
  currency: 'currency',
  duration: 'duration',
  durationInMonths: 'duration_in_months',
  maxRedemptions: 'max_redemptions',
  limitToProducts: 'limit_to_products',
  valid: 'valid',
  redeemBy: 'redeem_by',
  integrationType: 'integration_type',
} as const;

export type CouponValues = Partial<Pick<Coupon, keyof typeof COLUMNS | 'productIds'>>;

/** Inserts a new coupon (through the unit of work, which writes its program_id). */
export async function insertCoupon(em: EntityManager, programId: string, values: CouponValues & Pick<Coupon, 'name'>): Promise<Coupon> {
  const coupon = em.create(Coupon, { ...values, programId });
  em.persist(coupon);
  await em.flush();
  return coupon;
}

/** Writes the given fields and updatedAt; the coupon as it is now. */
export async function updateCouponRow(em: EntityManager, programId: string, id: string, changes: CouponValues, at: Date): Promise<Coupon> {
  const set = new Assignments().fromColumns<CouponValues>(COLUMNS, changes);
  // A text[] travels as JSON: a bound array would be spread into a list of values.
  if (changes.productIds) set.set('product_ids = array(select jsonb_array_elements_text(?::jsonb))', JSON.stringify(changes.productIds));
  set.set('updated_at = ?', at);
  const rows = await detachedRows(em, Coupon, `update coupons set ${set} where program_id = ? and id = ? returning *`, [...set.params, programId, id]);
  return rows[0];
}

/** Deletes a coupon; its promotional codes and rule go with it (foreign keys). */
export async function deleteCouponRow(em: EntityManager, programId: string, id: string): Promise<void> {
  await execute(em, 'delete from coupons where program_id = ? and id = ?', [programId, id]);
}

export interface AutoCouponRuleValues {
  enabled: boolean;
  codeStructure: CodeStructure;
  prefix: string | null;
  randomCharsLength: number;
  randomCharsCase: RandomCharsCase;
}

/** Creates or replaces the coupon's automatic-code rule. */
export async function saveAutoCouponRule(em: EntityManager, programId: string, couponId: string, r: AutoCouponRuleValues, at: Date): Promise<void> {
  await execute(
    em,
    `insert into auto_coupon_rules (program_id, coupon_id, enabled, code_structure, prefix, random_chars_length, random_chars_case, updated_at)
     values (?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     on conflict (program_id, coupon_id) do update set enabled = excluded.enabled, code_structure = excluded.code_structure, prefix = excluded.prefix,
       random_chars_length = excluded.random_chars_length, random_chars_case = excluded.random_chars_case, updated_at = excluded.updated_at`,
    [programId, couponId, r.enabled, JSON.stringify(r.codeStructure), r.prefix, r.randomCharsLength, r.randomCharsCase, at],
  );
}

export async function deleteAutoCouponRule(em: EntityManager, programId: string, couponId: string): Promise<void> {
  await execute(em, 'delete from auto_coupon_rules where program_id = ? and coupon_id = ?', [programId, couponId]);
}

/** Marks the coupon updated (its rule changed); the coupon as it is now, or null when there is none. */
export async function touchCoupon(em: EntityManager, programId: string, id: string, at: Date): Promise<Coupon | null> {
  const rows = await detachedRows(em, Coupon, 'update coupons set updated_at = ? where program_id = ? and id = ? returning *', [at, programId, id]);
  return rows[0] ?? null;
}
