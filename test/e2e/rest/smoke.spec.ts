import { useProgramFixture } from '../../helpers/harness';

const { api, createAffiliate } = useProgramFixture();

test('a new program answers GET /affiliates with its key and an affiliate round-trips', async () => {
  const empty = await api('GET', '/affiliates');
  expect(empty.status).toBe(200);
  expect(empty.body).toEqual([]);
  const a = await createAffiliate({ email: 'grace@example.com' });
  expect(a.affiliateLinks).toEqual(['grace']);
  const list = await api<{ id: string }[]>('GET', '/affiliates');
  expect(list.body.map((x) => x.id)).toEqual([a.id]);
});
