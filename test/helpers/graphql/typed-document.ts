/**
 * A GraphQL document as the tests send it: its source text, carrying (for the compiler only) the shape of its
 * `data` and of its variables, so `server.graphql(DOC, vars)` and the harness's `gql` / `gqlData` check the
 * variables and type the answer. At run time it is the plain string.
 *
 *   export const CREATE_GROUP = gqlDocument<{ createAffiliateGroup: { id: string } }, { name: string }>(`
 *     mutation($name: String!) { createAffiliateGroup(name: $name) { id } }`);
 */

declare const resultType: unique symbol;
declare const variablesType: unique symbol;

/** Variables of a document: JSON-ish values by name. */
export type Variables = Record<string, unknown>;

/** No variables. */
export type NoVariables = Record<string, never>;

export type TypedDocument<Result, Vars extends Variables = NoVariables> = string & {
  readonly [resultType]: Result;
  readonly [variablesType]: Vars;
};

/** The `data` type of a typed document. */
export type ResultOf<D> = D extends TypedDocument<infer R, Variables> ? R : never;
/** The variables type of a typed document. */
export type VariablesOf<D> = D extends TypedDocument<unknown, infer V> ? V : never;

/**
 * The arguments after the document: variables (optional when the document needs none, or all of them are
 * optional), then anything the caller adds (a token).
 */
export type VariablesArg<V extends Variables, Rest extends unknown[] = []> =
  Record<string, never> extends V ? [variables?: V, ...rest: Rest] : [variables: V, ...rest: Rest];

/** A document typed by its result and variables; `source` is sent as is. */
export function gqlDocument<Result, Vars extends Variables = NoVariables>(source: string): TypedDocument<Result, Vars> {
  return source as TypedDocument<Result, Vars>;
}

/** A fragment: its name and text, spread into documents with `...Name` and appended with `withFragments`. */
export interface Fragment<Shape> {
  readonly name: string;
  readonly source: string;
  /** Phantom: the fields the fragment selects. */
  readonly shape?: Shape;
}

export function fragment<Shape>(name: string, on: string, fields: string): Fragment<Shape> {
  return { name, source: `fragment ${name} on ${on} { ${fields} }` };
}

/** A document that spreads fragments: its text followed by theirs. */
export function gqlWithFragments<Result, Vars extends Variables = NoVariables>(source: string, ...fragments: Fragment<unknown>[]): TypedDocument<Result, Vars> {
  return gqlDocument<Result, Vars>([source, ...fragments.map((f) => f.source)].join('\n'));
}

/** One error of a GraphQL answer. */
export interface GraphQLErrorBody {
  message: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** The body of a GraphQL answer. */
export interface GraphQLResponse<Result> {
  data?: Result | null;
  errors?: GraphQLErrorBody[];
}

/** An HTTP answer carrying a GraphQL body (ApiResponse<GraphQLResponse<R>>, or any with those fields). */
export interface GraphQLAnswer<Result> {
  status: number;
  text: string;
  body: GraphQLResponse<Result>;
}

/** The data of an answer that must have succeeded (200, no errors); anything else throws with the answer. */
export function dataOf<Result>(res: GraphQLAnswer<Result>): Result {
  if (res.status !== 200 || res.body.errors?.length || res.body.data == null) throw new Error(`GraphQL failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** The code of the first error of an answer (extensions.code); undefined when it has none. */
export const errorCodeOf = (res: { body: { errors?: GraphQLErrorBody[] } }): string | undefined => res.body.errors?.[0]?.extensions?.code;
