/**
 * An `Idempotency-Key` held by a request whose process died is released within a minute (DESIGN.md,
 * "Errors"), with real server processes on one database: a keyed POST /affiliates is blocked after it claimed
 * the key (the test holds an ACCESS EXCLUSIVE lock on affiliates), another live process answers 409 for it,
 * the holder is SIGKILLed, and a retry with the same key on a freshly started process runs within 70 s: one
 * affiliate, and the answer is kept for replays.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { ProgramFixture } from '../../helpers/factories';
import type { ApiResponse } from '../../helpers/server';
import { startCluster, startServerProcess, type Cluster, type ServerProcess } from '../../helpers/processes';
import { sleep, waitFor } from '../../helpers/wait';

const RELEASED_WITHIN_MS = 70_000;

let cluster: Cluster;
let restarted: ServerProcess | undefined;
let p: ProgramFixture;

beforeAll(async () => {
  cluster = await startCluster(2);
  p = await cluster.provisioner.createProgram({ readsPerMinute: 100_000, writesPerMinute: 100_000 });
}, 240_000);

afterAll(async () => {
  await restarted?.stop();
  await cluster?.close();
}, 60_000);

const sql = <T = any>(q: string, params: unknown[] = []) => cluster.provisioner.sql<T>(q, params);
const post = (s: ServerProcess, key: string, body: unknown) => s.api('POST', '/affiliates', { token: p.key, body, headers: { 'Idempotency-Key': key } });

test('SIGKILL during a keyed write, then a retry on a new process: 409 while the lease holds, then it runs (within 70 s), once', async () => {
  const [A, B] = cluster.processes;
  const key = `crash-${randomUUID()}`;
  const email = `crash-${randomBytes(4).toString('hex')}@example.com`;
  const body = { firstName: 'Crash', lastName: 'Test', email };

  // Hold every write to affiliates: A's request claims the key, then waits inside its transaction.
  const lock = new Client({ connectionString: cluster.databaseUrl });
  await lock.connect();
  let killedAt: number;
  try {
    await lock.query('begin');
    await lock.query('lock table affiliates in access exclusive mode');
    const held = post(A, key, body).then(
      (r) => r.status,
      () => 'connection lost',
    ); // A dies under it
    await waitFor(
      async () => (await sql(`select 1 from idempotency_keys where key = ? and status = 'running'`, [key])).length === 1,
      'A to claim the key',
      15_000,
      50,
    );
    await waitFor(
      async () => Number((await sql<{ n: string }>(`select count(*) as n from pg_locks where relation = 'affiliates'::regclass and not granted`))[0].n) > 0,
      'A to wait for the affiliates lock',
      15_000,
      50,
    );

    // Two live requests with one key: the other process is told the first still runs.
    const during = await post(B, key, body);
    expect({ status: during.status, code: during.body?.code }).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });

    process.kill(A.pid, 'SIGKILL');
    killedAt = Date.now();
    await A.stop();
    expect(await held).toBe('connection lost');
  } finally {
    await lock.query('rollback').catch(() => undefined);
    await lock.end();
  }

  restarted = await startServerProcess({ databaseUrl: cluster.databaseUrl });
  const answers: ApiResponse[] = [];
  let res: ApiResponse;
  for (;;) {
    res = await post(restarted, key, body);
    answers.push(res);
    if (res.status !== 409 || Date.now() - killedAt > RELEASED_WITHIN_MS + 5_000) break;
    await sleep(500);
  }
  const releasedAfterMs = Date.now() - killedAt;
  console.info(`idempotency key released ${releasedAfterMs} ms after SIGKILL (${answers.length - 1} answers of 409 before)`);

  for (const r of answers.slice(0, -1)) expect({ status: r.status, code: r.body?.code }).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
  expect(res.status).toBe(200);
  expect(res.headers.get('idempotent-replayed')).toBeNull();
  expect(res.body).toEqual(expect.objectContaining({ email, firstName: 'Crash' }));
  expect(releasedAfterMs).toBeLessThan(RELEASED_WITHIN_MS);

  // The dead request's transaction rolled back: exactly one affiliate, and the answer is kept.
  expect(await sql(`select id from affiliates where program_id = ? and email = ?`, [p.programId, email])).toEqual([{ id: res.body.id }]);
  for (const s of [restarted, B]) {
    const again = await post(s, key, body);
    expect({ status: again.status, body: again.body, replayed: again.headers.get('idempotent-replayed') }).toEqual({
      status: 200,
      body: res.body,
      replayed: 'true',
    });
  }
  const other = await post(B, key, { ...body, firstName: 'Other' });
  expect({ status: other.status, code: other.body?.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
}, 180_000);
