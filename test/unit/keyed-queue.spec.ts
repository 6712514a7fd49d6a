/** KeyedQueue: one key's work one at a time in arrival order, other keys alongside, a bounded wait. */
import { KeyedQueue } from '../../src/common/keyed-queue';
import { DomainError } from '../../src/common/errors';

/** A promise and its resolver: work that ends when the test says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('KeyedQueue', () => {
  test("one key's work runs one at a time, in arrival order, even when one fails", async () => {
    const q = new KeyedQueue(10);
    const log: string[] = [];
    let running = 0;
    const job = (name: string, fail = false) =>
      q.run('p1', async () => {
        running++;
        log.push(`start ${name} (${running} running)`);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a (1 running)', 'end a', 'start b (1 running)', 'end b', 'start c (1 running)', 'end c']);
  });

  test('another key does not wait for a busy one', async () => {
    const q = new KeyedQueue(10);
    const busy = gate();
    const first = q.run('p1', () => busy.opened);
    await expect(q.run('p2', async () => 'done')).resolves.toBe('done');
    busy.open();
    await first;
  });

  test('past maxWaiting for one key a call is refused as UNAVAILABLE; the key takes work again once it drains', async () => {
    const q = new KeyedQueue(2);
    const busy = gate();
    const held = [q.run('p1', () => busy.opened), q.run('p1', async () => 'second')];
    const refused = await q.run('p1', async () => 'third').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('UNAVAILABLE');
    busy.open();
    await Promise.all(held);
    await expect(q.run('p1', async () => 'later')).resolves.toBe('later');
  });
});
