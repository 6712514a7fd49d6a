import { PrimableLoader } from '../../src/modules/loaders';

/** Field resolvers answer without a promise for primed values, and load (batched) otherwise. */
describe('PrimableLoader', () => {
  const make = () => {
    const batches: number[][] = [];
    const loader = new PrimableLoader<number, string | null>(async (keys) => {
      batches.push([...keys]);
      return keys.map((k) => (k > 100 ? null : `loaded ${k}`));
    });
    return { loader, batches };
  };

  test('a primed value is answered at once, with no load', () => {
    const { loader, batches } = make();
    loader.prime(1, 'primed 1');
    loader.prime(2, null);
    expect(loader.with(1, (v) => v?.toUpperCase())).toBe('PRIMED 1');
    expect(loader.with(2, (v) => v ?? 'none')).toBe('none');
    expect(batches).toEqual([]);
  });

  test('an unknown key is loaded, in one batch with the others', async () => {
    const { loader, batches } = make();
    const a = loader.with(3, (v) => v);
    const b = loader.with(101, (v) => v);
    expect(a).toBeInstanceOf(Promise);
    expect(await Promise.all([a, b])).toEqual(['loaded 3', null]);
    expect(batches).toEqual([[3, 101]]);
  });

  test('the first primed value stays (as in DataLoader); clear forgets it', async () => {
    const { loader } = make();
    loader.prime(5, 'first').prime(5, 'second');
    expect(loader.with(5, (v) => v)).toBe('first');
    expect(await loader.load(5)).toBe('first');
    loader.clear(5);
    expect(await loader.with(5, (v) => v)).toBe('loaded 5');
    loader.prime(6, 'six');
    loader.clearAll();
    expect(await loader.with(6, (v) => v)).toBe('loaded 6');
  });

  test('errors and promises are primed into DataLoader only (they are not values to answer with)', async () => {
    const { loader } = make();
    loader.prime(7, new Error('nope'));
    loader.prime(8, Promise.resolve('later'));
    await expect(loader.with(7, (v) => v)).rejects.toThrow('nope');
    expect(await loader.with(8, (v) => v)).toBe('later');
  });
});
