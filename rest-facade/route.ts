import type { Static, TObject } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Connection {
  nodes: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Where a route's input comes from: the query string of a GET, the JSON body of the other methods. */
type RouteInput<S extends TObject> =
  | { method: 'GET'; /** The accepted query parameters (src/validation/schemas). */ query: S; body?: never }
  | { method: Exclude<HttpMethod, 'GET'>; /** The accepted JSON body (src/validation/schemas). */ body: S; query?: never };

/**
 * One documented endpoint as data: the schema of its input (validated once, at the edge, by
 * src/validation/validator.ts, and described by the OpenAPI document), the named GraphQL operation it runs
 * (chosen from the input where one endpoint has several modes), how the validated input becomes variables,
 * and how the result becomes the body.
 */
export type RestRoute<S extends TObject = TObject> = RouteInput<S> & {
  path: string;
  operation: string | ((input: Static<S>) => string);
  variables: (input: Static<S>) => Record<string, unknown>;
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
};

/** A route with its input typed by its schema, as an entry of the route table. */
export const route = <S extends TObject>(r: RestRoute<S>): RestRoute => r as unknown as RestRoute;

/** The schema of a route's input. */
export const inputSchema = (r: RestRoute): TObject => (r.method === 'GET' ? r.query : r.body);

/** Keeps only the given keys that are present in the input (so absent stays absent and null stays null). */
export function pick<T extends object, K extends keyof T>(input: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (k in input) out[k] = input[k];
  return out;
}
