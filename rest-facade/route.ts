import type { Static, TObject } from '@sinclair/typebox';
import type { BodyShape } from './body';

export interface Connection {
  nodes: unknown[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route's input comes from: the query string of a GET, the JSON body of the other methods. */
type RouteInput<S extends TObject> =
  | { method: 'GET'; /** The accepted query parameters (src/validation/schemas). */ query: S; body?: never }
  | { method: Exclude<HttpMethod, 'GET'>; /** The accepted JSON body (src/validation/schemas). */ body: S; query?: never };

/**
 * One documented endpoint as data: the schema of its input (validated once, at the edge, by
 * src/validation/validator.ts, and described by the OpenAPI document), the named GraphQL operation it runs
 * (chosen from the input where one endpoint has several modes), how the validated input becomes variables,
 * and the shape of its answer (whose schema, derived from the operation's selection, serializes the body
 * and describes it in the document).
 */
export type RestRoute<S extends TObject = TObject> = RouteInput<S> & {
  path: string;
  /** The OpenAPI operationId: the method name a generated client gives this endpoint. */
  id: string;
  /** One line for the reference (/docs) and generated clients. */
  summary: string;
  /** What the endpoint does, its modes and rules (Markdown). */
  description: string;
  operation: string | ((input: Static<S>) => string);
  /** Every operation `operation` may choose, when it chooses from the input. */
  operations?: readonly string[];
  variables: (input: Static<S>) => Record<string, unknown>;
  /** The body of a single answer (a record, a lookup's record or null, a confirmation). */
  response?: BodyShape;
  /** For list operations: the connection field of the result; the facade pages through it into one JSON array. */
  list?: string;
  /** Extra response headers derived from the result (e.g. Idempotent-Replayed). */
  headers?: (data: Record<string, unknown>) => Record<string, string>;
  /** A log read page by page: never streamed whole; without `limit` the first page of the default size. */
  pageOnly?: boolean;
  /** Applied to each list item (single records go through `response`). */
  node?: BodyShape;
  /** The status of a success: 200 unless the route creates something the spec does not answer 200 for (201). */
  status?: 200 | 201;
  /** A request body for the document's example. */
  example?: Record<string, unknown>;
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

/** The operations a route may run. */
export const operationsOf = (r: RestRoute): readonly string[] => (typeof r.operation === 'string' ? [r.operation] : (r.operations ?? []));
