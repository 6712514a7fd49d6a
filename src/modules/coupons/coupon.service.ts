import { LockMode } from '@mikro-orm/core';
import { DomainError, notFound, validationError } from '../../common/errors';
import { isUuid } from '../../common/ids';
import { pageWindow, toPage, type Page, type PageArgs } from '../../common/pagination';
import type { ServiceContext } from '../../common/service-context';
import { mapDbError } from '../../db/db-errors';
import { createLoaders } from '../../db/loaders';
import type { EventService } from '../events/event.service';
import { couponView } from '../promo-codes/promotional-code.view';
import type { ProgramService } from '../programs/program.service';
import { requireName } from '../affiliates/affiliate.rules';
import { AutoCouponRule, RANDOM_CHARS_CASES, type CodeStructure, type RandomCharsCase } from './auto-coupon-rule.entity';
import { Coupon, type CouponDuration, type CouponType } from './coupon.entity';
import { assertAmountOff, assertCouponState, assertPercentOff, nonNegativeInt, normalizeCurrency, parseDate, type CouponFields } from './coupon.rules';

export interface AutoCouponRuleInput {
  enabled?: boolean | null;
  codeStructure: CodeStructure;
  prefix?: string | null;
  randomCharsLength?: number | null;
  randomCharsCase?: string | null;
}

const DUPLICATE_EXTERNAL_ID = () => new DomainError('DUPLICATE', 'A coupon with this externalId already exists', [{ field: 'externalId', message: 'already exists' }]);

/** Coupons: discount definitions with the rules of spec 4.4, and their automatic-code rule. */
export class CouponService {
  constructor(private readonly programs: ProgramService, private readonly events: EventService) {}

  /** One coupon by id, externalId or name (checked in that order); null when nothing matches. */
  async findCoupon(ctx: ServiceContext, programId: string | null | undefined, by: { id?: string | null; externalId?: string | null; name?: string | null }): Promise<Coupon | null> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (by.id != null) return isUuid(by.id) ? ctx.em.findOne(Coupon, { programId: program.id, id: by.id }) : null;
    if (by.externalId != null) return ctx.em.findOne(Coupon, { programId: program.id, externalId: by.externalId });
    if (by.name != null) {
      const exact = await ctx.em.findOne(Coupon, { programId: program.id, name: by.name }, { orderBy: { id: 'desc' } });
      if (exact) return exact;
      return ctx.em.createQueryBuilder(Coupon, 'c').select('*').where({ programId: program.id }).andWhere('lower(c.name) = ?', [by.name.toLowerCase()]).orderBy({ id: 'desc' }).limit(1).getSingleResult();
    }
    return null;
  }

  /** The program's coupons, newest first. */
  async listCoupons(ctx: ServiceContext, programId: string | null | undefined, page: PageArgs): Promise<Page<Coupon>> {
    const program = await this.programs.requireProgram(ctx, programId);
    const { limit, afterId } = pageWindow(page);
    const rows = await ctx.em.find(Coupon, { programId: program.id, ...(afterId ? { id: { $lt: afterId } } : {}) }, { orderBy: { id: 'desc' }, limit: limit + 1 });
    return toPage(rows, limit);
  }

  /** Creates a coupon (PERCENTAGE by default, duration forever by default); fires coupon.created. */
  async createCoupon(ctx: ServiceContext, programId: string | null | undefined, input: CouponFields): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    const name = requireName(input.name, 'name');
    const state = {
      couponType: (input.couponType ?? 'PERCENTAGE') as CouponType,
      percentOff: input.percentOff ?? null,
      amountOff: input.amountOff ?? null,
      currency: normalizeCurrency(input.currency),
      duration: (input.duration ?? 'forever') as CouponDuration,
      durationInMonths: input.durationInMonths ?? null,
    };
    assertCouponState(state);
    const externalId = input.externalId?.trim() || null;
    try {
      return await ctx.em.transactional(async (em) => {
        if (externalId && (await em.findOne(Coupon, { programId: program.id, externalId }))) throw DUPLICATE_EXTERNAL_ID();
        const coupon = em.create(Coupon, {
          programId: program.id,
          name,
          externalId,
          ...this.discountColumns(state),
          maxRedemptions: nonNegativeInt(input.maxRedemptions, 'maxRedemptions'),
          limitToProducts: input.limitToProducts ?? false,
          productIds: this.productIds(input.productIds),
          valid: input.valid ?? true,
          redeemBy: parseDate(input.redeemBy, 'redeemBy'),
          integrationType: input.integrationType?.trim() || null,
        });
        em.persist(coupon);
        await em.flush();
        this.events.record(em, program.id, 'coupon.created', await couponView(createLoaders(em, program.id), coupon));
        await em.flush();
        return coupon;
      });
    } catch (err) {
      throw this.mapError(err);
    }
  }

  /**
   * Applies the listed fields to a coupon; its codes inherit the discount, so a discount change reaches every
   * code at once. `valid: false` stops all redemptions. Fires coupon.updated.
   */
  async updateCoupon(ctx: ServiceContext, programId: string | null | undefined, couponId: string | null | undefined, input: CouponFields): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!couponId) throw validationError('couponId is required', 'couponId');
    if (input.percentOff != null) assertPercentOff(input.percentOff);
    if (input.amountOff != null) assertAmountOff(input.amountOff);
    try {
      return await ctx.em.transactional(async (em) => {
        const coupon = isUuid(couponId) ? await em.findOne(Coupon, { programId: program.id, id: couponId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (!coupon) throw notFound('No such coupon in this program');
        const state = {
          couponType: (input.couponType ?? coupon.couponType) as CouponType,
          percentOff: input.percentOff !== undefined ? input.percentOff : coupon.percentOff == null ? null : Number(coupon.percentOff),
          amountOff: input.amountOff !== undefined ? input.amountOff : coupon.amountOff == null ? null : Number(coupon.amountOff),
          currency: input.currency !== undefined ? normalizeCurrency(input.currency) : coupon.currency,
          duration: (input.duration ?? coupon.duration) as CouponDuration,
          durationInMonths: input.durationInMonths !== undefined ? input.durationInMonths : coupon.durationInMonths,
        };
        if (state.duration !== 'repeating' && input.durationInMonths === undefined && input.duration !== undefined) state.durationInMonths = null;
        assertCouponState(state);
        Object.assign(coupon, this.discountColumns(state));
        if (input.name !== undefined) coupon.name = requireName(input.name, 'name');
        if (input.maxRedemptions !== undefined) {
          coupon.maxRedemptions = nonNegativeInt(input.maxRedemptions, 'maxRedemptions');
          if (coupon.maxRedemptions != null && coupon.maxRedemptions < coupon.timesRedeemed) {
            throw validationError(`maxRedemptions cannot be below the ${coupon.timesRedeemed} redemptions already made`, 'maxRedemptions');
          }
        }
        if (input.limitToProducts != null) coupon.limitToProducts = input.limitToProducts;
        if (input.productIds !== undefined) coupon.productIds = this.productIds(input.productIds);
        if (input.valid != null) coupon.valid = input.valid;
        if (input.redeemBy !== undefined) coupon.redeemBy = parseDate(input.redeemBy, 'redeemBy');
        if (input.externalId !== undefined) {
          const ext = input.externalId?.trim() || null;
          if (ext && ext !== coupon.externalId && (await em.findOne(Coupon, { programId: program.id, externalId: ext }))) throw DUPLICATE_EXTERNAL_ID();
          coupon.externalId = ext;
        }
        if (input.integrationType !== undefined) coupon.integrationType = input.integrationType?.trim() || null;
        coupon.updatedAt = new Date();
        await em.flush();
        this.events.record(em, program.id, 'coupon.updated', await couponView(createLoaders(em, program.id), coupon));
        await em.flush();
        return coupon;
      });
    } catch (err) {
      throw this.mapError(err);
    }
  }

  /** Deletes a coupon and every promotional code attached to it; fires coupon.deleted. */
  async deleteCoupon(ctx: ServiceContext, programId: string | null | undefined, couponId: string | null | undefined): Promise<{ id: string; name: string | null }> {
    const program = await this.programs.requireProgram(ctx, programId);
    if (!couponId) throw validationError('couponId is required', 'couponId');
    return ctx.em.transactional(async (em) => {
      const coupon = isUuid(couponId) ? await em.findOne(Coupon, { programId: program.id, id: couponId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      const view = await couponView(createLoaders(em, program.id), coupon);
      await em.nativeDelete(Coupon, { programId: program.id, id: coupon.id });
      this.events.record(em, program.id, 'coupon.deleted', view);
      await em.flush();
      return { id: coupon.id, name: coupon.name };
    });
  }

  /** Configures the rule that gives every new affiliate a generated code of this coupon. */
  async setAutoCouponRule(ctx: ServiceContext, programId: string | null | undefined, couponId: string, input: AutoCouponRuleInput): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    const cs = input.codeStructure ?? {};
    if (!Object.values(cs).some(Boolean) && !input.prefix) throw validationError('codeStructure must choose at least one piece', 'codeStructure');
    const len = input.randomCharsLength ?? 4;
    if (!Number.isInteger(len) || len < 1 || len > 32) throw validationError('randomCharsLength must be an integer from 1 to 32', 'randomCharsLength');
    const charsCase = (input.randomCharsCase ?? 'mixed') as RandomCharsCase;
    if (!RANDOM_CHARS_CASES.includes(charsCase)) throw validationError(`randomCharsCase must be one of ${RANDOM_CHARS_CASES.join(', ')}`, 'randomCharsCase');
    return ctx.em.transactional(async (em) => {
      const coupon = isUuid(couponId) ? await em.findOne(Coupon, { programId: program.id, id: couponId }) : null;
      if (!coupon) throw notFound('No such coupon in this program');
      const structure: CodeStructure = {
        firstName: !!cs.firstName, lastName: !!cs.lastName, email: !!cs.email, discountAmount: !!cs.discountAmount, couponName: !!cs.couponName, randomChars: !!cs.randomChars,
      };
      await em.upsert(AutoCouponRule, {
        couponId: coupon.id, programId: program.id, enabled: input.enabled ?? true, codeStructure: structure,
        prefix: input.prefix?.trim() || null, randomCharsLength: len, randomCharsCase: charsCase, updatedAt: new Date(),
      });
      coupon.updatedAt = new Date();
      await em.flush();
      return coupon;
    });
  }

  async removeAutoCouponRule(ctx: ServiceContext, programId: string | null | undefined, couponId: string): Promise<Coupon> {
    const program = await this.programs.requireProgram(ctx, programId);
    const coupon = isUuid(couponId) ? await ctx.em.findOne(Coupon, { programId: program.id, id: couponId }) : null;
    if (!coupon) throw notFound('No such coupon in this program');
    await ctx.em.nativeDelete(AutoCouponRule, { programId: program.id, couponId: coupon.id });
    return coupon;
  }

  private discountColumns(s: { couponType: CouponType; percentOff: number | null; amountOff: number | null; currency: string | null; duration: CouponDuration; durationInMonths: number | null }) {
    return {
      couponType: s.couponType,
      // Only the field of the coupon's type is kept: a code's discount is never ambiguous.
      percentOff: s.couponType === 'PERCENTAGE' && s.percentOff != null ? s.percentOff.toFixed(4) : null,
      amountOff: s.couponType === 'FLAT' && s.amountOff != null ? s.amountOff.toFixed(6) : null,
      currency: s.currency,
      duration: s.duration,
      durationInMonths: s.duration === 'repeating' ? s.durationInMonths : null,
    };
  }

  private productIds(v: string[] | null | undefined): string[] {
    if (v == null) return [];
    if (v.length > 1000) throw validationError('productIds may hold at most 1000 ids', 'productIds');
    for (const id of v) if (typeof id !== 'string' || id.length > 200) throw validationError('productIds must be strings of at most 200 characters', 'productIds');
    return [...new Set(v)];
  }

  private mapError(err: unknown): unknown {
    const mapped = mapDbError(err);
    if (mapped instanceof DomainError && mapped.code === 'DUPLICATE') return DUPLICATE_EXTERNAL_ID();
    return mapped;
  }
}
