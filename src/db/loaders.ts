import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Affiliate } from '../modules/affiliates/affiliate.entity';
import { AffiliateLink } from '../modules/links/affiliate-link.entity';
import { CommissionPlan } from '../modules/commission-plans/commission-plan.entity';

/**
 * Per-request, per-program batched lookups: every relation the API exposes is loaded through one of these,
 * so a page of N records costs one query per relation, never N.
 */
export interface Loaders {
  affiliateById: DataLoader<string, Affiliate | null>;
  linksByAffiliateId: DataLoader<string, AffiliateLink[]>;
  planById: DataLoader<string, CommissionPlan | null>;
}

function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

export function createLoaders(em: EntityManager, programId: string): Loaders {
  return {
    affiliateById: new DataLoader(async (ids) => byId(await em.find(Affiliate, { programId, id: { $in: [...ids] } }), ids)),
    linksByAffiliateId: new DataLoader(async (ids) => {
      const links = await em.find(AffiliateLink, { programId, affiliateId: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
      const grouped = new Map<string, AffiliateLink[]>(ids.map((id) => [id, []]));
      for (const l of links) grouped.get(l.affiliateId)?.push(l);
      return ids.map((id) => grouped.get(id)!);
    }),
    planById: new DataLoader(async (ids) => byId(await em.find(CommissionPlan, { programId, id: { $in: [...ids] } }), ids)),
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
