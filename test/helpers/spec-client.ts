import { randomBytes } from 'node:crypto';
import { createProgram } from './factories';
import type { ApiResponse, RequestOptions, TestServer } from './server';

export interface SeenResponse {
  method: string;
  path: string;
  status: number;
  text: string;
  /** Set by a test that provokes a 5xx on purpose. */
  expected5xx?: boolean;
}

/**
 * The client of one REST spec file: `call` records every /api/v1 answer in `seen` for the file's "no 5xx
 * anywhere" check; `program` is a program whose rate limits leave room for the many requests of a test.
 */
export function specClient(server: () => TestServer) {
  const seen: SeenResponse[] = [];
  async function call(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const res = await server().api(method, path, opts);
    seen.push({ method, path, status: res.status, text: res.text });
    return res;
  }
  const program = (settings: Record<string, unknown> = {}) => createProgram(server(), { readsPerMinute: 100_000, writesPerMinute: 100_000, ...settings });
  return { seen, call, program };
}

let counter = 0;
/** A short value unique within the test process: `prefix`, a counter and random characters. */
export const uniq = (prefix = '') => `${prefix}${++counter}-${randomBytes(3).toString('hex')}`;
/** A fresh, valid link slug (letters, numbers, hyphens). */
export const slug = (prefix = 'slug') => `${prefix}-${uniq()}`;
/** A fresh email address. */
export const personEmail = (prefix = 'person') => `${prefix}-${uniq()}@example.com`;
