import { DomainError, type ErrorDetail } from '../src/common/errors';
import { isEmail } from '../src/common/email';

/** The type a REST field must have; GraphQL re-checks, but the facade answers with a clear 400 first. */
export type FieldType =
  | 'string' | 'email' | 'number' | 'integer' | 'int64' | 'boolean' | 'datetime' | 'stringArray'
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

function typeName(t: FieldType): string {
  if (typeof t === 'object') return 'enum' in t ? `one of ${t.enum.join(', ')}` : 'an object';
  return { integer: 'an integer', int64: 'a positive integer id', email: 'an email address', datetime: 'an ISO 8601 date-time', stringArray: 'an array of strings' }[t as string] ?? `a ${t}`;
}

function checkValue(name: string, value: unknown, spec: FieldSpec, fromQuery: boolean): { value?: unknown; error?: string } {
  const t = spec.type;
  if (fromQuery) {
    if (typeof value !== 'string') return { error: `${name} must be given once, as a plain value` };
    if (t === 'integer' || t === 'number') {
      if (!/^-?\d+(\.\d+)?$/.test(value)) return { error: `${name} must be ${typeName(t)}` };
      value = Number(value);
    } else if (t === 'boolean') {
      if (value !== 'true' && value !== 'false') return { error: `${name} must be true or false` };
      value = value === 'true';
    }
  }
  switch (true) {
    case t === 'string' || t === 'email':
      if (typeof value !== 'string') return { error: `${name} must be a string` };
      if (value.length > (spec.max ?? MAX_STRING)) return { error: `${name} is too long (at most ${spec.max ?? MAX_STRING} characters)` };
      if (t === 'email' && value.trim() !== '' && !isEmail(value.trim())) return { error: `${name} must be a valid email address` };
      return { value };
    case t === 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: `${name} must be a number` };
      return { value };
    case t === 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return { error: `${name} must be an integer` };
      return { value };
    case t === 'boolean':
      if (typeof value !== 'boolean') return { error: `${name} must be true or false` };
      return { value };
    case t === 'int64': {
      // A numeric id, as a JSON number or a string of digits (ids above 2^53 do not exist here).
      const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return { error: `${name} must be ${typeName(t)}` };
      return { value: n };
    }
    case t === 'datetime': {
      if (typeof value !== 'string' || value.length > 64) return { error: `${name} must be ${typeName(t)}` };
      const d = new Date(value);
      if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) return { error: `${name} must be ${typeName(t)}` };
      return { value: d.toISOString() };
    }
    case t === 'stringArray':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return { error: `${name} must be ${typeName(t)}` };
      if (value.length > 1000) return { error: `${name} may hold at most 1000 values` };
      return { value };
    case typeof t === 'object' && 'object' in t: {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: `${name} must be ${typeName(t)}` };
      try {
        return { value: validateFields(value, (t as { object: FieldSpecs }).object, 'body') };
      } catch (err) {
        return { error: `${name}: ${(err as Error).message}` };
      }
    }
    default: {
      const values = (t as { enum: readonly string[] }).enum;
      if (typeof value !== 'string' || !values.includes(value)) return { error: `${name} must be ${typeName(t)}` };
      return { value };
    }
  }
}

/**
 * Checks a request's fields against the route's specs: unknown fields, wrong types and missing required
 * fields are a 400 listing every problem. `null` counts as absent for optional fields and is passed on
 * (it clears a value on updates). Returns the accepted fields only.
 */
export function validateFields(input: unknown, specs: FieldSpecs, where: 'body' | 'query'): Record<string, unknown> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new DomainError('VALIDATION_FAILED', 'The request body must be a JSON object');
  const details: ErrorDetail[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    // Own properties only: a field named "constructor" or "__proto__" is unknown, not Object.prototype's.
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) {
      details.push({ field: name, message: `${name} is not an accepted ${where === 'query' ? 'query parameter' : 'field'}` });
      continue;
    }
    if (raw === null) {
      if (spec.required) details.push({ field: name, message: `${name} is required` });
      else out[name] = null;
      continue;
    }
    const r = checkValue(name, raw, spec, where === 'query');
    if (r.error) details.push({ field: name, message: r.error });
    else out[name] = r.value;
  }
  for (const [name, spec] of Object.entries(specs)) {
    const v = out[name];
    if (spec.required && (v === undefined || (typeof v === 'string' && v.trim() === '')) && !details.some((d) => d.field === name)) {
      details.push({ field: name, message: `${name} is required` });
    }
  }
  if (details.length) throw new DomainError('VALIDATION_FAILED', details.map((d) => d.message).join('; '), details);
  return out;
}
