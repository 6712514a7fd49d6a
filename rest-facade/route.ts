import type { FieldSpecs } from './validate';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Connection {
  nodes: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * One documented endpoint as data: the named GraphQL operation it runs (chosen from the input where one
 * endpoint has several modes), how the REST input becomes variables, and how the result becomes the body.
 */
export interface RestRoute {
  method: HttpMethod;
  path: string;
  /** Accepted query parameters (GET) or body fields. */
  fields: FieldSpecs;
  operation: string | ((input: Record<string, unknown>) => string);
  variables: (input: Record<string, unknown>) => Record<string, unknown>;
  /** Body of the 200 answer. */
  response?: (data: Record<string, unknown>) => unknown;
  /** For list operations: the connection in the result; the facade pages through it into one JSON array. */
  list?: (data: Record<string, unknown>) => Connection | undefined;
  /** Extra response headers derived from the result (e.g. Idempotent-Replayed). */
  headers?: (data: Record<string, unknown>) => Record<string, string>;
  /** A log read page by page: never streamed whole; without `limit` the first page of the default size. */
  pageOnly?: boolean;
  /** Applied to each list item (single records go through `response`). */
  node?: (node: Record<string, unknown>) => unknown;
}

/** Keeps only the given keys that are present in the input (so absent stays absent and null stays null). */
export function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in input) out[k] = input[k];
  return out;
}

/** Paging parameters every list endpoint accepts in addition to its documented ones. */
export const PAGE_FIELDS: FieldSpecs = { limit: { type: 'integer' }, after: { type: 'string', max: 200 } };
