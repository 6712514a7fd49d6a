import Ajv, { type ValidateFunction } from 'ajv';
import type { Static, TObject } from '@sinclair/typebox';
import { DomainError } from '../common/errors';
import { isEmail } from '../common/email';
import { blankRequired, problems, type Problem } from './messages';
import { shapeOf, type Field, type JsonSchema, type Shape } from './shape';

/**
 * The one input validator: a schema of ./schemas checks a REST body or query string (rest-facade) or a GraphQL
 * argument (src/graphql/input-validation.ts). Ajv compiles each schema once (`compileInputs` at start-up, else
 * on first use) and checks the structure; this module words the problems, one per field, in the order the
 * fields were sent, then the missing required ones:
 *
 *   x is not an accepted field | query parameter     x is required            x cannot be null
 *   x must be a string | a number | an integer | true or false | an array of strings | an object
 *   x is too long (at most N characters)             x must be a valid email address
 *   x must be a positive integer id                  x must be an ISO 8601 date-time
 *   x must be one of a, b                            x must be an integer from 1 to 32
 *   x must be given once, as a plain value           x: <the problems inside the object x>
 *
 * and a schema's own `errorMessage` words where it has them (./messages.ts). All problems make one
 * DomainError('VALIDATION_FAILED', messages joined by '; ', [{ field, message }]).
 *
 * Rules beyond JSON Schema, the same for every body: null counts as absent for an optional field and is passed
 * on (it clears a value); a required text that is '' or whitespace is missing; only own properties count
 * ("constructor" and "__proto__" are unknown fields). A query string's numbers and booleans are parsed first;
 * an id (format int64) may be a string of digits; a date-time is passed on as `toISOString()`.
 */

export type InputLocation = 'body' | 'query';

interface Compiled {
  check: ValidateFunction;
  shape: Shape;
}

const MAX_DATETIME = 64;

/** What new Date() reads as a date, starting with YYYY-MM-DD (the leniency REST clients have relied on). */
export function isDateTime(v: string): boolean {
  return v.length <= MAX_DATETIME && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(new Date(v).getTime());
}

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: true, allowUnionTypes: false });
// Wording annotations (src/validation/kit.ts): read by ./messages.ts, not checks.
ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'object' });
ajv.addKeyword({ keyword: 'errorDetail', schemaType: 'object' });
// Blank passes the format: whether a blank address is missing is the `required` rule's to say.
ajv.addFormat('email', { type: 'string', validate: (v: string) => v.trim() === '' || isEmail(v.trim()) });
ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
ajv.addFormat('int64', { type: 'number', validate: (v: number) => Number.isSafeInteger(v) });

const compiled = new WeakMap<TObject, Compiled>();

/** Compiles the schemas now (at start-up): a schema the validator cannot word fails here, not on a request. */
export function compileInputs(schemas: Iterable<TObject>): void {
  for (const s of schemas) compiledOf(s);
}

function compiledOf(schema: TObject): Compiled {
  let c = compiled.get(schema);
  if (!c) {
    c = { check: ajv.compile(schema), shape: shapeOf(schema as JsonSchema, '') };
    compiled.set(schema, c);
  }
  return c;
}

/** The error all the problems make: the sentences joined, and one details entry per field. */
export function validationFailure(found: Problem[]): DomainError {
  return new DomainError(
    'VALIDATION_FAILED',
    found.map((p) => p.message).join('; '),
    found.map((p) => ({ field: p.field, message: p.detail ?? p.message })),
  );
}

/**
 * Checks `input` against `schema` and returns the accepted fields (coerced and normalised as described above);
 * throws DomainError VALIDATION_FAILED listing every problem.
 */
export function validateInput<S extends TObject>(schema: S, input: unknown, where: InputLocation = 'body'): Static<S> {
  const r = checkInput(schema, input, where);
  if (r.problems.length) throw validationFailure(r.problems);
  return r.value as Static<S>;
}

/** The problems of `input` (an object) without throwing: [] when it is valid. */
export function inputProblems(schema: TObject, input: unknown, where: InputLocation = 'body'): Problem[] {
  return checkInput(schema, input, where).problems;
}

function checkInput(schema: TObject, input: unknown, where: InputLocation): { problems: Problem[]; value?: Record<string, unknown> } {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new DomainError('VALIDATION_FAILED', 'The request body must be a JSON object');
  const { check, shape } = compiledOf(schema);
  const sent = Object.entries(input as Record<string, unknown>);
  const given: Array<[string, unknown]> = [];
  const repeated = new Set<string>();
  for (const [name, raw] of sent) {
    const field = shape.fields.get(name);
    if (field && where === 'query' && typeof raw !== 'string') repeated.add(name);
    else given.push([name, field ? coerce(field, raw, where) : raw]);
  }
  // fromEntries defines properties: a key "__proto__" stays a key, as JSON.parse made it.
  const data = Object.fromEntries(given);
  if (check(data) && !repeated.size && !blankRequired(shape, data).length) return { problems: [], value: normalize(shape, data) };
  return { problems: problems(shape, sent, data, check.errors ?? [], '', where, repeated) };
}

/** Query strings carry text: numbers and booleans are parsed (strictly) before the check; ids may be digit strings. */
function coerce(field: Field, v: unknown, where: InputLocation): unknown {
  if (typeof v !== 'string') return v;
  if (where === 'query') {
    if ((field.kind === 'integer' || field.kind === 'number') && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    if (field.kind === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  }
  // A numeric id as a string of digits (ids above 2^53 do not exist here).
  if (field.kind === 'int64' && /^\d{1,16}$/.test(v)) return Number(v);
  return v;
}

function normalize(shape: Shape, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([name, v]) => {
      const field = shape.fields.get(name)!;
      if (v == null) return [name, v];
      if (field.kind === 'datetime') return [name, new Date(v as string).toISOString()];
      if (field.kind === 'object') return [name, normalize(field.object!, v as Record<string, unknown>)];
      return [name, v];
    }),
  );
}
