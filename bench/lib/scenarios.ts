import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type ASTNode, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import type { Fixture } from './seed';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export type ScenarioKind = 'read' | 'write';

export interface Scenario {
  id: string;
  /** As printed in the table. */
  title: string;
  kind: ScenarioKind;
  /** Required project/baseline throughput ratio (issue part 2), when the issue sets one. */
  minRatio?: number;
  /** For a REST read: the id of the same operation over /graphql (the facade must reach 0.95 of it). */
  graphqlTwin?: string;
  /** Builds request number `n` (unique per server and run through `tag`). */
  build(n: number, tag: string): BenchRequest;
}

/** The operations directory of the REST facade (the GraphQL scenarios send exactly what the facade runs). */
function operationsDir(): string {
  const candidates = [path.resolve(__dirname, '../../../rest-facade/operations'), path.resolve(__dirname, '../../rest-facade/operations')];
  const found = candidates.find((d) => fs.existsSync(d));
  if (!found) throw new Error(`rest-facade operations not found in ${candidates.join(', ')}`);
  return found;
}

/** One named facade operation with the fragments it uses, printed as the text a client would send. */
export function facadeOperation(name: string): string {
  const defs: DefinitionNode[] = [];
  const dir = operationsDir();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.graphql'))) defs.push(...parse(fs.readFileSync(path.join(dir, f), 'utf8')).definitions);
  const op = defs.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name);
  if (!op) throw new Error(`no facade operation ${name}`);
  const fragments = defs.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  const spreads = (n: ASTNode) => {
    const out: string[] = [];
    visit(n, { FragmentSpread: (s) => void out.push(s.name.value) });
    return out;
  };
  const used = new Set<string>();
  const queue = spreads(op);
  while (queue.length) {
    const n = queue.pop()!;
    if (used.has(n)) continue;
    used.add(n);
    const f = fragments.find((x) => x.name.value === n);
    if (f) queue.push(...spreads(f));
  }
  return [op, ...fragments.filter((f) => used.has(f.name.value))].map((d) => print(d)).join('\n\n');
}

/** "A dashboard GraphQL query that lists 50 affiliates with their links and stats." */
export const DASHBOARD_QUERY = `query Dashboard($after: String, $first: Int = 50) {
  affiliates(first: $first, after: $after) {
    nodes {
      id
      name
      email
      affiliateStatus
      commissionRate
      numberOfReferredUsers
      numberOfClicks
      totalCommissionEarned
      createdAt
      links(first: 10) {
        nodes {
          id
          link
          clicks
          referrals
          sales
          totalRevenue
          fullURLs {
            fullUrl
          }
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`;

const pick = <T>(list: T[], n: number): T => list[n % list.length];
// A cheap, deterministic spread over the sample, so consecutive requests hit different rows.
const spread = (n: number) => (n * 7919) >>> 0;

export function scenarios(fx: Fixture, promoCode: string): Scenario[] {
  const affiliateLookup = facadeOperation('AffiliateLookup');
  const linkList = facadeOperation('LinkList');
  const saleList = facadeOperation('SaleList');
  const gql = (operationName: string, query: string, variables: Record<string, unknown>): BenchRequest => ({
    method: 'POST',
    path: '/graphql',
    body: { operationName, query, variables },
  });
  const amount = (n: number) => Math.round(1000 + (spread(n) % 49000)) / 100;
  return [
    {
      id: 'rest-affiliate',
      title: 'GET /affiliates?id=<uuid>',
      kind: 'read',
      minRatio: 0.6,
      graphqlTwin: 'gql-affiliate',
      build: (n) => ({ method: 'GET', path: `/api/v1/affiliates?id=${pick(fx.affiliateIds, spread(n))}` }),
    },
    {
      id: 'rest-links',
      title: 'GET /links?affiliateId=',
      kind: 'read',
      minRatio: 0.6,
      graphqlTwin: 'gql-links',
      build: (n) => ({ method: 'GET', path: `/api/v1/links?affiliateId=${pick(fx.affiliateIds, spread(n))}` }),
    },
    {
      id: 'rest-sales',
      title: 'GET /sales?affiliateId=',
      kind: 'read',
      minRatio: 0.6,
      graphqlTwin: 'gql-sales',
      build: (n) => ({ method: 'GET', path: `/api/v1/sales?affiliateId=${pick(fx.affiliateIds, spread(n))}` }),
    },
    {
      id: 'gql-affiliate',
      title: 'GraphQL AffiliateLookup',
      kind: 'read',
      minRatio: 0.6,
      build: (n) => gql('AffiliateLookup', affiliateLookup, { id: pick(fx.affiliateIds, spread(n)) }),
    },
    {
      id: 'gql-links',
      title: 'GraphQL LinkList(affiliateId)',
      kind: 'read',
      minRatio: 0.6,
      build: (n) => gql('LinkList', linkList, { filter: { affiliateId: pick(fx.affiliateIds, spread(n)) }, first: 500, after: null }),
    },
    {
      id: 'gql-sales',
      title: 'GraphQL SaleList(affiliateId)',
      kind: 'read',
      minRatio: 0.6,
      build: (n) => gql('SaleList', saleList, { filter: { affiliateId: pick(fx.affiliateIds, spread(n)) }, first: 500, after: null }),
    },
    {
      id: 'gql-dashboard',
      title: 'GraphQL dashboard (50 affiliates + links)',
      kind: 'read',
      minRatio: 0.6,
      build: (n) => gql('Dashboard', DASHBOARD_QUERY, { after: n % 5 === 0 ? null : pick(fx.affiliatePageCursors, spread(n)) }),
    },
    {
      id: 'post-referral',
      title: 'POST /referrals',
      kind: 'write',
      build: (n, tag) => ({
        method: 'POST',
        path: '/api/v1/referrals',
        body: {
          affiliateId: pick(fx.affiliateIds, spread(n)),
          name: `Bench Customer ${tag}-${n}`,
          email: `ref-${tag}-${n}@customers.example.com`,
          referredUserExternalId: `cus_${tag}_${n}`,
        },
      }),
    },
    {
      id: 'post-sale',
      title: 'POST /sales',
      kind: 'write',
      minRatio: 0.5,
      build: (n, tag) => ({
        method: 'POST',
        path: '/api/v1/sales',
        body: { referralId: pick(fx.referralIds, spread(n)), totalEarned: amount(n), externalId: `ch_${tag}_${n}` },
      }),
    },
    {
      id: 'post-sale-promo',
      title: 'POST /sales (promo code)',
      kind: 'write',
      minRatio: 0.5,
      build: (n, tag) => ({
        method: 'POST',
        path: '/api/v1/sales',
        body: {
          promoCode,
          email: `promo-${tag}-${n}@customers.example.com`,
          name: `Promo Customer ${tag}-${n}`,
          totalEarned: amount(n),
          externalId: `chp_${tag}_${n}`,
        },
      }),
    },
  ];
}
