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
 * A success answered as a file (an export to download) instead of JSON: no serializer is compiled for it, and
 * its errors are the JSON error body as everywhere. GET routes only (checkRouteTable).
 */
export interface FileAnswer<S extends TObject = TObject> {
  /** Its Content-Type, e.g. `text/csv; charset=utf-8`; the document names the media type without parameters. */
  contentType: string;
  /**
   * The file made from the operation's result and the validated input (e.g. its `format`): its text, and the
   * name a browser saves it under (`Content-Disposition`; reduced to letters, digits, `.`, `-` and `_`).
   */
  render: (data: Record<string, unknown>, input: Static<S>) => { body: string; filename: string };
  /** A file for the document's example. */
  example?: string;
}

/** How a route answers: JSON from its operation's result (a body shape, a list), or a file. */
type RouteAnswer<S extends TObject> =
  | {
      file?: never;
      /** The body of a single answer (a record, a lookup's record or null, a confirmation). */
      response?: BodyShape;
      /** For list operations: the connection field of the result; the facade pages through it into one JSON array. */
      list?: string;
      /** A log read page by page: never streamed whole; without `limit` the first page of the default size. */
      pageOnly?: boolean;
      /** Applied to each list item (single records go through `response`). */
      node?: BodyShape;
      /** The status of a success: 200 unless the route creates something the spec does not answer 200 for (201). */
      status?: 200 | 201;
    }
  | {
      /** The success is this file (200), e.g. a CSV export. */
      file: FileAnswer<S>;
      method: 'GET';
      response?: never;
      list?: never;
      pageOnly?: never;
      node?: never;
      status?: 200;
    };

/**
 * One documented endpoint as data: the schema of its input (validated once, at the edge, by
 * src/validation/validator.ts, and described by the OpenAPI document), the named GraphQL operation it runs
 * (chosen from the input where one endpoint has several modes), how the validated input becomes variables,
 * and the shape of its answer (whose schema, derived from the operation's selection, serializes the body
 * and describes it in the document), or the file it answers.
 */
export type RestRoute<S extends TObject = TObject> = RouteInput<S> &
  RouteAnswer<S> & {
    /**
     * Under /api/v1, without a trailing slash. A `{name}` segment is a path parameter (OpenAPI syntax,
     * `/payout-batches/{id}/export`): it matches one non-empty segment, percent-decoded, and joins the input
     * (the query of a GET, else the body) as the field `name`, which the input schema must declare (required,
     * a string or int64 id). The same field also sent in the query or body is refused (400), not overridden.
     * The policy, the rate limit, metrics and the document name the route by this template.
     */
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
    /** Extra response headers derived from the result (e.g. Idempotent-Replayed). */
    headers?: (data: Record<string, unknown>) => Record<string, string>;
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
