/**
 * Requests with an Idempotency-Key (DESIGN.md "Money and commissions"): the keyed request, the stored key row, the
 * replay check, and a row lock that keeps a first request running for as long as a test needs.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { ProgramFixture } from './factories';
import { restClient } from './rest-client';
import type { ApiResponse, TestServer } from './server';

/** A fresh Idempotency-Key. */
export const newKey = () => `key-${randomUUID()}`;

/** Whether the answer is a replay (Idempotent-Replayed: true). */
export const replayed = (res: ApiResponse) => res.headers.get('idempotent-replayed') === 'true';

/** Asserts that `again` is the replay of `first`: same status and body, with the replay header. */
export function expectReplay(first: ApiResponse, again: ApiResponse) {
  expect(replayed(first)).toBe(false);
  expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({ status: first.status, body: first.body, replayed: true });
}

/** The rest client of a spec file, plus keyed requests, the stored keys and row locks. */
export function idempotencyClient(server: () => TestServer) {
  const api = restClient(server);

  /** A request with an Idempotency-Key. */
  const withKey = (p: ProgramFixture, method: string, path: string, key: string, body: unknown, token = p.key) =>
    api.call(method, path, { token, body, headers: { 'Idempotency-Key': key } });

  /** The stored rows of a key (one per credential). */
  const keyRow = (key: string) =>
    api.sql<{ credential: string; status: string; response_status: number | null; expires_in_hours: number }>(
      `select credential, status, response_status, extract(epoch from (expires_at - now())) / 3600 as expires_in_hours from idempotency_keys where key = ?`,
      [key],
    );

  /**
   * Holds a row lock on the affiliate (from a separate connection), so a POST /sales crediting it blocks inside
   * its transaction until `release` is called: a deterministic "first request still running".
   */
  async function lockAffiliate(affiliateId: string) {
    const client = new Client({ connectionString: server().runtime.config.databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query('select id from affiliates where id = $1 for update', [affiliateId]);
    return {
      async release() {
        await client.query('rollback');
        await client.end();
      },
    };
  }

  return { ...api, withKey, keyRow, lockAffiliate };
}
