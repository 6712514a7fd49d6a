/**
 * `npm run bench:serialize`: the REST bodies written by the compiled serializers (rest-facade/serializers.ts,
 * fast-json-stringify from the same schemas the document shows) against JSON.stringify, for a page of each
 * list resource with realistic values. Prints µs per page and the ratio; needs no database.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { describeApi } from '../rest-facade/api-description';
import { loadOperations } from '../rest-facade/documents';
import { restRoutes } from '../rest-facade/router';
import { compileSerializers } from '../rest-facade/serializers';
import { getSchema } from '../src/graphql/schema';

const PAGE = 100;
const ROUNDS = 2_000;

const iso = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
const uuid = (i: number) => `0192f0c4-5f6e-7a1b-8c9d-${String(i).padStart(12, '0')}`;

/** One list node per resource, as the GraphQL execution hands it over (scalars already serialized). */
const NODES: Record<string, (i: number) => Record<string, unknown>> = {
  AffiliateList: (i) => ({
    id: uuid(i),
    firstName: 'Ada',
    lastName: `Lovelace ${i}`,
    name: `Ada Lovelace ${i}`,
    email: `ada-${i}@example.com`,
    programId: uuid(0),
    affiliateLinks: [`ada-${i}`, `ada-${i}-spring`],
    link: null,
    commissionRate: 25,
    affiliateStatus: 'active',
    commissionPlanId: null,
    affiliateGroupId: null,
    numberOfReferredUsers: i % 17,
    numberOfClicks: i * 3,
    totalCommissionEarned: 1234.56,
    createdAt: iso(i),
    updatedAt: iso(i + 1),
  }),
  SaleList: (i) => ({
    id: 1000 + i,
    externalId: `in_${i}`,
    externalInvoiceId: null,
    affiliateId: uuid(i),
    referralId: uuid(i + 1),
    linkId: null,
    promoCode: null,
    name: 'Grace Hopper',
    email: `grace-${i}@example.com`,
    currency: 'USD',
    totalEarned: 120,
    tax: 20,
    shipping: 0,
    commissionRate: 25,
    commissionEarned: 25,
    commissionStatus: 'approved',
    refunded: false,
    refundedAt: null,
    createdAt: iso(i),
    updatedAt: iso(i),
  }),
};

function timePerPage(write: (nodes: unknown) => string, nodes: unknown[]): number {
  for (let i = 0; i < 200; i++) write(nodes); // warm-up: optimized code, as in a running server
  const start = performance.now();
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) bytes += write(nodes).length;
  if (bytes === 0) throw new Error('nothing written');
  return ((performance.now() - start) * 1000) / ROUNDS;
}

async function main(): Promise<void> {
  const schema = await getSchema();
  const api = describeApi(restRoutes, schema, loadOperations(schema));
  console.log(`serializing one page of ${PAGE} list nodes, ${ROUNDS} rounds (µs per page; lower is better)`);
  for (const [operation, make] of Object.entries(NODES)) {
    const i = restRoutes.findIndex((r) => (r.operations ?? [r.operation]).includes(operation));
    const compiled = compileSerializers(api.answers[i]).list(operation);
    const nodes = Array.from({ length: PAGE }, (_, n) => make(n));
    if (compiled(nodes) !== JSON.stringify(nodes)) throw new Error(`${operation}: the serializer writes another body than JSON.stringify`);
    const fast = timePerPage(compiled, nodes);
    const plain = timePerPage((list) => JSON.stringify(list), nodes);
    console.log(
      `${operation.padEnd(14)} fast-json-stringify ${fast.toFixed(0).padStart(5)} µs   JSON.stringify ${plain.toFixed(0).padStart(5)} µs   ratio ${(plain / fast).toFixed(2)}x`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
