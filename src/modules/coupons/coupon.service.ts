import { countOf } from '../../db/list-query';
import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import { isDuplicate } from '../../db/db-errors';
import { inTransaction } from '../../db/unit-of-work';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../service-context';
import { createLoaders, type Loaders } from '../loaders';
import type { EventService } from '../events/event.service';
import type { ProgramService } from '../programs/program.service';
import type { CodeStructure, RandomCharsCase } from './auto-coupon-rule.entity';
import type { Coupon, CouponDuration, CouponType } from './coupon.entity';
import {
  couponByExternalId,
  couponById,
  couponByName,
  couponExternalIdTaken,
  couponsPage,
  deleteAutoCouponRule,
  deleteCouponRow,
  insertCoupon,
  saveAutoCouponRule,
  touchCoupon,
  updateCouponRow,
  type CouponValues,
} from './coupon.queries';
import {
  assertAmountOff,
  assertCouponState,
  assertPercentOff,
  discountValues,
  normalizeCurrency,
  productIdList,
  toDate,
  type CouponFields,
  type CouponState,
} from './coupon.rules';

export interface AutoCouponRuleInput {
  enabled?: boolean | null;
  codeStructure: CodeStructure;
  prefix?: string | null;
  randomCharsLength?: number | null;
  randomCharsCase?: string | null;
}

/** The unique key of a coupon's externalId in its program. */
const EXTERNAL_ID_KEY = 'coupons_program_external_id_key';

const DUPLICATE_EXTERNAL_ID = () =>
  new DomainError('DUPLICATE', 'A coupon with this externalId already exists', [{ field: 'externalId', message: 'already exists' }]);

/** A concurrent request that took the same externalId: the unique key answers, as the check before it would. */
const externalIdRace = (err: unknown): never => {
  throw isDuplicate(err, EXTERNAL_ID_KEY) ? DUPLICATE_EXTERNAL_ID() : err;
};

/** How a coupon reads in an event: its fields, its codes and its automatic-code rule. */
export type CouponBody = (em: EntityManager, programId: string, coupon: Coupon, loaders: Loaders) => Promise<Record<string, unknown>>;

/** Coupons: discount definitions with the rules of spec 4.4, and their automatic-code rule. */
export class CouponService {
  constructor(
    private readonly programs: ProgramService,
    private readonly events: EventService,
    /** A coupon's public body. It lists the coupon's codes, so it is promotional codes' presenter, handed in. */
    private readonly couponBody: CouponBody,
  ) {}

  /** One coupon by id, externalId or name (checked in that order); null when nothing matches. */
  async findCoupon(
    ctx: ServiceContext,
    programId: string | null | undefined,
    by: { id?: string | null; externalId?: string | null; name?: string | null },
  ): Promise<Coupon | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (by.id != null) return isUuid(by.id) ? couponById(ctx.em, program.id, by.id) : null;
    if (by.externalId != null) return couponByExternalId(ctx.em, program.id, by.externalId);
    if (by.name != null) return couponByName(ctx.em, program.id, by.name);
    return null;
  }

  /** The program's coupons, newest first. */
  async listCoupons(ctx: ServiceContext, programId: string | null | undefined, page: PageArgs): Promise<Page<Coupon>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const w = pageWindow(page);
    const { rows, q } = await couponsPage(ctx.em, program.id, w);
    return toPage(rows, w, countOf(ctx.em, q));
  }

  /** Creates a coupon (PERCENTAGE by default, duration forever by default); fires coupon.created. */
  async createCoupon(ctx: ServiceContext, programId: string | null | undefined, input: CouponFields & { name: string }): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    const name = input.name.trim();
    const state: CouponState = {
      couponType: (input.couponType ?? 'PERCENTAGE') as CouponType,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOff ?? null,
      currency: normalizeCurrency(input.currency),
      duration: (input.duration ?? 'forever') as CouponDuration,
      durationInMonths: input.durationInMonths ?? null,
    };
    assertCouponState(state);
    const externalId = input.externalId?.trim() || null;
    const values = {
      name,
      externalId,
      ...discountValues(state),
      maxRedemptions: input.maxRedemptions ?? null,
      limitToProducts: input.limitToProducts ?? false,
      productIds: productIdList(input.productIds),
      valid: input.valid ?? true,
      redeemBy: toDate(input.redeemBy),
      integrationType: input.integrationType?.trim() || null,
    };
    return inTransaction(ctx, async (tx) => {
      if (externalId && (await couponExternalIdTaken(tx.em, program.id, externalId))) throw DUPLICATE_EXTERNAL_ID();
      const coupon = await insertCoupon(tx.em, program.id, values);
      // A new coupon has no codes and no rule yet: its event payload needs no read.
      await this.recordEvent(tx, program.id, 'coupon.created', coupon, true);
      return coupon;
    }).catch(externalIdRace);
  }

  /**
   * Applies the listed fields to a coupon; its codes inherit the discount, so a discount change reaches every
   * code at once. `valid: false` stops all redemptions. Fires coupon.updated.
   */
  async updateCoupon(ctx: ServiceContext, programId: string | null | undefined, couponId: string, input: CouponFields): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (input.percentOff != null) assertPercentOff(input.percentOff);
    if (input.amountOff != null) assertAmountOff(input.amountOff);
    return inTransaction(ctx, async (tx) => {
      const coupon = isUuid(couponId) ? await couponById(tx.em, program.id, couponId, true) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      const state: CouponState = {
        couponType: (input.couponType ?? coupon.couponType) as CouponType,
        percentOff: input.percentOff !== undefined ? input.percentOff : coupon.percentOff == null ? null : Number(coupon.percentOff),
        amountOff: input.amountOff !== undefined ? input.amountOff : coupon.amountOff == null ? null : Number(coupon.amountOff),
        currency: input.currency !== undefined ? normalizeCurrency(input.currency) : coupon.currency,
        duration: (input.duration ?? coupon.duration) as CouponDuration,
        durationInMonths: input.durationInMonths !== undefined ? input.durationInMonths : coupon.durationInMonths,
      };
      if (state.duration !== 'repeating' && input.durationInMonths === undefined && input.duration !== undefined) state.durationInMonths = null;
      assertCouponState(state);
      const changes: CouponValues = discountValues(state);
      if (input.name != null) changes.name = input.name.trim(); // never null here: a name cannot be cleared (the edge refuses null)
      if (input.maxRedemptions !== undefined) {
        changes.maxRedemptions = input.maxRedemptions;
        if (changes.maxRedemptions != null && changes.maxRedemptions < coupon.timesRedeemed) {
          throw validationError(`maxRedemptions cannot be below the ${coupon.timesRedeemed} redemptions already made`, 'maxRedemptions');
        }
      }
      if (input.limitToProducts != null) changes.limitToProducts = input.limitToProducts;
      if (input.productIds !== undefined) changes.productIds = productIdList(input.productIds);
      if (input.valid != null) changes.valid = input.valid;
      if (input.redeemBy !== undefined) changes.redeemBy = toDate(input.redeemBy);
      if (input.externalId !== undefined) {
        const ext = input.externalId?.trim() || null;
        if (ext && ext !== coupon.externalId && (await couponExternalIdTaken(tx.em, program.id, ext))) throw DUPLICATE_EXTERNAL_ID();
        changes.externalId = ext;
      }
      if (input.integrationType !== undefined) changes.integrationType = input.integrationType?.trim() || null;
      const updated = await updateCouponRow(tx.em, program.id, coupon.id, changes, new Date());
      await this.recordEvent(tx, program.id, 'coupon.updated', updated);
      return updated;
    }).catch(externalIdRace);
  }

  /** Deletes a coupon and every promotional code attached to it; fires coupon.deleted. */
  async deleteCoupon(ctx: ServiceContext, programId: string | null | undefined, couponId: string): Promise<{ id: string; name: string | null }> {
    const program = await this.programs.requireProgram(ctx, programId);
    return inTransaction(ctx, async (tx) => {
      const coupon = isUuid(couponId) ? await couponById(tx.em, program.id, couponId, true) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      // The payload shows the codes that go with it: read before they are gone.
      await this.recordEvent(tx, program.id, 'coupon.deleted', coupon);
      await deleteCouponRow(tx.em, program.id, coupon.id);
      return { id: coupon.id, name: coupon.name };
    });
  }

  /** Configures the rule that gives every new affiliate a generated code of this coupon. */
  async setAutoCouponRule(ctx: ServiceContext, programId: string | null | undefined, couponId: string, input: AutoCouponRuleInput): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    const cs = input.codeStructure ?? {};
    if (!Object.values(cs).some(Boolean) && !input.prefix) throw validationError('codeStructure must choose at least one piece', 'codeStructure');
    // randomCharsLength 1..32 and randomCharsCase among RANDOM_CHARS_CASES: the edge's checks (AutoCouponRuleBody).
    const len = input.randomCharsLength ?? 4;
    const charsCase = (input.randomCharsCase ?? 'mixed') as RandomCharsCase;
    const structure: CodeStructure = {
      firstName: !!cs.firstName,
      lastName: !!cs.lastName,
      email: !!cs.email,
      discountAmount: !!cs.discountAmount,
      couponName: !!cs.couponName,
      randomChars: !!cs.randomChars,
    };
    return inTransaction(ctx, async (tx) => {
      const coupon = isUuid(couponId) ? await couponById(tx.em, program.id, couponId) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      const at = new Date();
      const rule = {
        enabled: input.enabled ?? true,
        codeStructure: structure,
        prefix: input.prefix?.trim() || null,
        randomCharsLength: len,
        randomCharsCase: charsCase,
      };
      await saveAutoCouponRule(tx.em, program.id, coupon.id, rule, at);
      return (await touchCoupon(tx.em, program.id, coupon.id, at)) ?? coupon;
    });
  }

  async removeAutoCouponRule(ctx: ServiceContext, programId: string | null | undefined, couponId: string): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    return inTransaction(ctx, async (tx) => {
      const coupon = isUuid(couponId) ? await couponById(tx.em, program.id, couponId) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      await deleteAutoCouponRule(tx.em, program.id, coupon.id);
      return coupon;
    });
  }

  /** The coupon's event; a new coupon (`fresh`) has no codes or rule to read. */
  private async recordEvent(
    tx: ServiceContext,
    programId: string,
    type: 'coupon.created' | 'coupon.updated' | 'coupon.deleted',
    coupon: Coupon,
    fresh = false,
  ): Promise<void> {
    const loaders = createLoaders(tx.em, programId);
    if (fresh) {
      loaders.codesByCouponId.prime(coupon.id, []);
      loaders.ruleByCouponId.prime(coupon.id, null);
    }
    this.events.record(tx, programId, type, await this.couponBody(tx.em, programId, coupon, loaders));
  }
}
