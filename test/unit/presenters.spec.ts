import { getSchema } from '../../src/graphql/schema';
import { presenterProblems } from '../../src/graphql/presenters';
import { definePresenter, present, type PresentDeps } from '../../src/modules/presenter';
import { PRESENTERS } from '../../src/modules/presenters';
import { salePresenter } from '../../src/modules/sales/sale.presenter';

/** One description per public body: the presenters and the GraphQL types they describe. */
describe('presenters', () => {
  it('every presenter lists exactly the fields of its GraphQL type', async () => {
    const schema = await getSchema();
    expect(PRESENTERS.flatMap((p) => presenterProblems(schema, p))).toEqual([]);
    expect(PRESENTERS.map((p) => p.typeName).sort()).toEqual([
      'Affiliate',
      'AutoCouponRule',
      'Commission',
      'Coupon',
      'Payout',
      'PayoutBatch',
      'PromotionalCode',
      'Referral',
      'Sale',
    ]);
  });

  it('a field missing on either side is named (the server refuses to start)', async () => {
    const schema = await getSchema();
    const withoutTax = { ...salePresenter, computed: { ...salePresenter.computed, tax: undefined } };
    delete (withoutTax.computed as Record<string, unknown>).tax;
    expect(presenterProblems(schema, withoutTax)).toEqual(['Sale.tax is not in its presenter']);
    const withExtra = { ...salePresenter, computed: { ...salePresenter.computed, margin: () => 0 } };
    expect(presenterProblems(schema, withExtra)).toEqual(['Sale.margin is in its presenter but not in the GraphQL type']);
    expect(presenterProblems(schema, { ...salePresenter, typeName: 'Nope' })).toEqual(['Nope: no such object type']);
  });

  interface Owner {
    id: string;
    name: string;
    secret: string;
  }
  interface Thing {
    id: string;
    createdAt: Date;
    price: string;
    ownerId: string | null;
    tagIds: string[];
  }
  const owners = new Map<string, Owner>([['o1', { id: 'o1', name: 'Ada', secret: 'never shown' }]]);
  const ownerPresenter = definePresenter<Owner>()({ typeName: 'Owner', same: ['id', 'name'], computed: {}, relations: {} });
  const tagPresenter = definePresenter<{ id: string }>()({ typeName: 'Tag', same: ['id'], computed: { label: (t) => `#${t.id}` }, relations: {} });
  const thingPresenter = definePresenter<Thing>()({
    typeName: 'Thing',
    same: ['id', 'createdAt'],
    computed: { price: (t) => Number(t.price), later: async () => 'loaded' },
    relations: {
      owner: { load: (t) => (t.ownerId ? Promise.resolve(owners.get(t.ownerId) ?? null) : null), presenter: ownerPresenter, pick: ['name'] },
      tags: { many: true, load: (t) => t.tagIds.map((id) => ({ id })), presenter: tagPresenter },
    },
    omitWhenNull: ['owner'],
  });
  const deps = {} as PresentDeps;
  const createdAt = new Date('2026-11-24T10:00:00.000Z');

  it('present builds the body in the presenter’s order: fields as they are, computed ones, relations through their presenters', async () => {
    const body = await present(thingPresenter, { id: 't1', createdAt, price: '12.50', ownerId: 'o1', tagIds: ['a', 'b'] }, deps);
    expect(Object.keys(body)).toEqual(['id', 'createdAt', 'price', 'later', 'owner', 'tags']);
    expect(body).toEqual({
      id: 't1',
      createdAt,
      price: 12.5,
      later: 'loaded',
      owner: { name: 'Ada' },
      tags: [
        { id: 'a', label: '#a' },
        { id: 'b', label: '#b' },
      ],
    });
    // As JSON (an event payload), a Date is the ISO string GraphQL's DateTimeISO answers.
    expect(JSON.parse(JSON.stringify(body)).createdAt).toBe('2026-11-24T10:00:00.000Z');
  });

  it('a relation listed in omitWhenNull leaves its key out when it loads nothing', async () => {
    const body = await present(thingPresenter, { id: 't2', createdAt, price: '0', ownerId: null, tagIds: [] }, deps);
    expect(body).toEqual({ id: 't2', createdAt, price: 0, later: 'loaded', tags: [] });
    expect('owner' in body).toBe(false);
  });
});
