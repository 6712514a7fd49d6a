/**
 * What the tests assert again and again: identifier and time formats, the shared error body of DESIGN.md, and the
 * "no 5xx anywhere in this file" check every REST spec file ends with.
 */
import { DomainError } from '../../src/common/errors';
import type { ApiResponse } from './server';
import type { SeenResponse } from './spec-client';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An ISO 8601 UTC time, with or without fractional seconds. */
export const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** An ISO 8601 UTC time with exactly three fractional digits, as JSON.stringify writes a Date. */
export const ISO_MS_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A SHA-256 digest in hex. */
export const HASH_RE = /^[0-9a-f]{64}$/;

/**
 * The shared error body of DESIGN.md: {error: a sentence, code, details?: [{field, message}]} with this status
 * (and this code, when given).
 */
export function expectError(res: { status: number; body: any }, status: number, code?: string): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: expect.objectContaining({ error: expect.any(String), code: code ?? expect.any(String) }),
  });
  expect(res.body.error.length).toBeGreaterThan(0);
  if (res.body.details !== undefined) {
    expect(Array.isArray(res.body.details)).toBe(true);
    for (const d of res.body.details) expect(d).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

/** 400 VALIDATION_FAILED, naming `field` in its details when given. */
export function expectValidation(res: ApiResponse, field?: string): void {
  expectError(res, 400, 'VALIDATION_FAILED');
  if (field) expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
}

/** The body of a 200 answer; anything else fails with the answer in the message. */
export function expectOk(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${res.text}`);
  return res.body;
}

/** Outcome counts of concurrent requests, e.g. {"200": 5, "400 LIMIT_REACHED": 15}; compact in failure output. */
export function tally(results: ApiResponse[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const r of results) {
    const k = r.status === 200 ? '200' : `${r.status} ${r.body?.code ?? ''}`.trim();
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}

/** Runs fn and returns the DomainError it throws (fails the test if it throws anything else or nothing). */
export function domainErrorOf(fn: () => unknown): DomainError {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  return thrown as DomainError;
}

/**
 * The last test of a REST spec file: none of the answers its client recorded was a 5xx, apart from those a test
 * provoked on purpose (marked `expected5xx`); and the file did send at least `atLeast` requests.
 */
export function testNoServerErrors(seen: SeenResponse[], atLeast = 1): void {
  test('no request of this file was answered with a 5xx (simulated failures aside)', () => {
    expect(seen.length).toBeGreaterThanOrEqual(atLeast);
    expect(seen.filter((x) => x.status >= 500 && !x.expected5xx)).toEqual([]);
  });
}

/**
 * The same check as testNoServerErrors without adding a test: for a spec file split off a file whose one
 * "no 5xx" test stayed with another part. It runs after the file's tests and fails the file on a 5xx.
 */
export function expectNoServerErrorsAfterAll(seen: SeenResponse[]): void {
  afterAll(() => {
    expect(seen.filter((x) => x.status >= 500 && !x.expected5xx)).toEqual([]);
  });
}
