import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Body, Bool, DateTime, Id64, Int, Nullable, Num, NOT_BLANK, OneOf, Text } from '../src/validation/kit';
import { validateInput } from '../src/validation/validator';
import { inputSchema, type RestRoute } from './route';

/**
 * A compatibility view, not a second validator: the field specs the REST facade validated with before the
 * schemas of src/validation. Routes validate with their schemas (rest-facade/router.ts); this view remains
 * only for tests written against specs: `validateFields` (test/unit/rules.spec.ts, and its successor
 * test/unit/rules/pagination-and-validation.spec.ts) turns specs into a schema and checks with the one
 * validator, and each route's `fields` (test/e2e/security/input-edges.spec.ts) is its schema read as specs.
 * Delete this file once those tests use validateInput and the schemas.
 */
export type FieldType =
  | 'string'
  | 'email'
  | 'number'
  | 'integer'
  | 'int64'
  | 'boolean'
  | 'datetime'
  | 'stringArray'
  | { enum: readonly string[] }
  | { object: Record<string, FieldSpec> };

export interface FieldSpec {
  type: FieldType;
  required?: boolean;
  /** Maximum length for strings. */
  max?: number;
}

export type FieldSpecs = Record<string, FieldSpec>;

const MAX_STRING = 10_000;
const AN_INTEGER = 'must be an integer';

function schemaOfSpec(spec: FieldSpec): TSchema {
  const t = spec.type;
  const notBlank = spec.required ? { pattern: NOT_BLANK } : {};
  if (typeof t === 'object') return 'enum' in t ? OneOf(t.enum) : schemaOfSpecs(t.object);
  switch (t) {
    case 'string':
      return Text(spec.max ?? MAX_STRING, notBlank);
    case 'email':
      return Type.String({ format: 'email', maxLength: spec.max ?? MAX_STRING, ...notBlank });
    case 'number':
      return Num();
    case 'integer':
      return Int(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, { errorMessage: { minimum: AN_INTEGER, maximum: AN_INTEGER } });
    case 'int64':
      return Id64();
    case 'boolean':
      return Bool();
    case 'datetime':
      return DateTime();
    case 'stringArray':
      return Type.Array(Type.String(), { maxItems: 1000 });
  }
}

const schemas = new WeakMap<FieldSpecs, TObject>();

/** The schema the specs stand for (null is accepted on optional fields, as it always was). */
export function schemaOfSpecs(specs: FieldSpecs): TObject {
  let s = schemas.get(specs);
  if (!s) {
    const props: TProperties = {};
    for (const [name, spec] of Object.entries(specs)) props[name] = spec.required ? schemaOfSpec(spec) : Nullable(schemaOfSpec(spec));
    s = Body(props);
    schemas.set(specs, s);
  }
  return s;
}

/** Checks a request's fields against specs: see src/validation/validator.ts. Returns the accepted fields. */
export function validateFields(input: unknown, specs: FieldSpecs, where: 'body' | 'query'): Record<string, unknown> {
  return validateInput(schemaOfSpecs(specs), input, where);
}

function specOf(raw: Record<string, any>, required: boolean): FieldSpec {
  const s = Array.isArray(raw.anyOf) ? raw.anyOf.find((x: { type?: string }) => x.type !== 'null') : raw;
  const base = required ? { required: true } : {};
  switch (s.type) {
    case 'string':
      if (s.enum) return { type: { enum: s.enum }, ...base };
      if (s.format === 'email') return { type: 'email', ...base };
      if (s.format === 'date-time') return { type: 'datetime', ...base };
      return { type: 'string', max: s.maxLength, ...base };
    case 'integer':
      return { type: s.format === 'int64' ? 'int64' : 'integer', ...base };
    case 'array':
      return { type: 'stringArray', ...base };
    case 'object':
      return { type: { object: fieldSpecsOf(s) }, ...base };
    default:
      return { type: s.type, ...base };
  }
}

/** A schema as field specs. */
export function fieldSpecsOf(schema: TObject): FieldSpecs {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, specOf(s, required.has(name))]));
}

/** A route of the table with `fields`, its schema as field specs. */
export type RouteWithFields = RestRoute & { readonly fields: FieldSpecs };

export function withFields(r: RestRoute): RouteWithFields {
  return Object.defineProperty({ ...r }, 'fields', { get: () => fieldSpecsOf(inputSchema(r)), enumerable: false }) as RouteWithFields;
}
