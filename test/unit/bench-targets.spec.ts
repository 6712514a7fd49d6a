import { checks } from '../../bench/independent';

/** npm run bench reads the independent benchmark's results and states each target of issue 14 as met or missed. */
const side = (rps: number, p99: number, cpuUsPerReq: number) => ({ rps, p99, cpuUsPerReq });
const results = (ratio: number, cpu: number, p99: number, rss: number) => ({
  scenarios: [
    { key: 'get-affiliate', name: 'GET /affiliates?id', kind: 'read' as const, bare: side(1000, 40, 300), project: side(1000 * ratio, p99, cpu), ratio },
  ],
  rssMb: { bare: { max: 100 }, project: { max: rss } },
});

test('every target met', () => {
  const all = checks(results(0.85, 440, 59, 129));
  expect(all.map((c) => c.pass)).toEqual([true, true, true, true]);
  expect(all[0]).toMatchObject({ target: 'GET /affiliates?id: ≥ 0.8 of plain', value: '0.85' });
});

test('each target missed on its own', () => {
  expect(checks(results(0.79, 440, 59, 129)).map((c) => c.pass)).toEqual([false, true, true, true]);
  expect(checks(results(0.85, 451, 59, 129)).map((c) => c.pass)).toEqual([true, false, true, true]);
  expect(checks(results(0.85, 440, 61, 129)).map((c) => c.pass)).toEqual([true, true, false, true]);
  expect(checks(results(0.85, 440, 59, 131)).map((c) => c.pass)).toEqual([true, true, true, false]);
});

test('writes are held to their own ratio and to 2× CPU', () => {
  const r = results(0.55, 580, 50, 100);
  r.scenarios[0] = { ...r.scenarios[0], key: 'post-sale', name: 'POST /sales (promoCode)', kind: 'write' as never };
  expect(checks(r).map((c) => c.pass)).toEqual([true, true, true, true]);
});
