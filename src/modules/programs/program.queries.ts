import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows, insertEntity } from '../../db/rows';
import { Assignments } from '../../db/where';
import { Program } from './program.entity';

/**
 * The SQL of programs (the tenants themselves: their table has no program_id, its id is the program id).
 * Programs come back read-only (db/rows); a change is a statement.
 */

export async function programById(em: EntityManager, id: string): Promise<Program | null> {
  return (await detachedRows(em, Program, 'select * from programs where id = ?', [id]))[0] ?? null;
}

/** The program whose publishable key this is (programs_publishable_key_key), or null. */
export async function programByPublishableKey(em: EntityManager, key: string): Promise<Program | null> {
  return (await detachedRows(em, Program, 'select * from programs where publishable_key = ?', [key]))[0] ?? null;
}

/** Gives the program a new publishable key (the old one stops working at once); the program as it is now, or null. */
export async function replacePublishableKey(em: EntityManager, id: string, key: string, at: Date): Promise<Program | null> {
  const rows = await detachedRows(em, Program, 'update programs set publishable_key = ?, updated_at = ? where id = ? returning *', [key, at, id]);
  return rows[0] ?? null;
}

/** The user's programs, oldest first. */
export function programsOwnedBy(em: EntityManager, ownerId: string): Promise<Program[]> {
  return detachedRows(em, Program, 'select * from programs where owner_id = ? order by id', [ownerId]);
}

/** A new program (one insert, nothing else of the unit of work). */
export async function insertProgram(em: EntityManager, fields: Pick<Program, 'ownerId' | 'name' | 'portalSlug'> & Partial<Program>): Promise<Program> {
  return insertEntity(em, Program, fields);
}

/** The columns a settings change may write, by property. */
const COLUMNS = {
  name: 'name',
  domain: 'domain',
  logoUrl: 'logo_url',
  currency: 'currency',
  baseUrls: 'base_urls',
  defaultCommissionRate: 'default_commission_rate',
  autoApproveAffiliates: 'auto_approve_affiliates',
  deductTax: 'deduct_tax',
  deductShipping: 'deduct_shipping',
  refundWindowDays: 'refund_window_days',
  commissionHoldDays: 'commission_hold_days',
  affiliateLimit: 'affiliate_limit',
  monthlyReferralLimit: 'monthly_referral_limit',
  readsPerMinute: 'reads_per_minute',
  writesPerMinute: 'writes_per_minute',
  cookieWindowDays: 'cookie_window_days',
  attributionModel: 'attribution_model',
  portalSlug: 'portal_slug',
  portalEnabled: 'portal_enabled',
  portalSignupOpen: 'portal_signup_open',
  portalTerms: 'portal_terms',
  minimumPayout: 'minimum_payout',
} as const;
export type ProgramChanges = Partial<Pick<Program, keyof typeof COLUMNS>>;

/** Writes the changed settings and `updated_at`; the program as it is now (read-only), or null when it is gone. */
export async function updateProgramRow(em: EntityManager, id: string, changes: ProgramChanges, at: Date): Promise<Program | null> {
  // A bound array would be spread into a list of parameters: base URLs go as their text form.
  const values = changes.baseUrls ? { ...changes, baseUrls: em.getPlatform().marshallArray(changes.baseUrls) } : changes;
  const set = new Assignments().fromColumns<Record<keyof typeof COLUMNS, unknown>>(COLUMNS, values).set('updated_at = ?', at);
  const rows = await detachedRows(em, Program, `update programs set ${set} where id = ? returning *`, [...set.params, id]);
  return rows[0] ?? null;
}

/** The program whose portal answers at this slug (letters in either case), or null. */
export async function programByPortalSlug(em: EntityManager, slug: string): Promise<Program | null> {
  return (await detachedRows(em, Program, 'select * from programs where lower(portal_slug) = lower(?)', [slug]))[0] ?? null;
}
