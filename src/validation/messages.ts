import type { ErrorObject } from 'ajv';
import { NOT_BLANK, type ErrorMessages } from './kit';
import type { Field, Kind, Shape } from './shape';

/**
 * The words of the validator's problems, one per field, in the order the fields were sent, then the missing
 * required ones (the list is in ./validator.ts). `detail` is the details entry's text where the schema gives
 * one (`errorDetail`); otherwise it is the sentence itself.
 */
export interface Problem {
  field: string;
  message: string;
  detail?: string;
}

const own = (data: Record<string, unknown>, name: string): unknown => (Object.hasOwn(data, name) ? data[name] : undefined);
const isBlank = (v: unknown) => typeof v === 'string' && v.trim() === '';
const custom = (field: Field): ErrorMessages => field.schema.errorMessage ?? {};
const missing = (field: Field) => `${field.name} ${custom(field).required ?? 'is required'}`;

/** Required fields that are absent, and texts that must not be blank but are. */
export function blankRequired(shape: Shape, data: Record<string, unknown>): Field[] {
  const out: Field[] = [];
  for (const field of shape.fields.values()) {
    const v = own(data, field.name);
    if ((field.required && v === undefined) || ((field.required || field.notBlank) && isBlank(v))) out.push(field);
  }
  return out;
}

const pointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

export function problems(
  shape: Shape,
  sent: Array<[string, unknown]>,
  data: Record<string, unknown>,
  errors: ErrorObject[],
  base: string,
  where: 'body' | 'query',
  repeated: Set<string>,
): Problem[] {
  const out: Problem[] = [];
  for (const [name] of sent) {
    const field = shape.fields.get(name);
    if (!field) {
      out.push({ field: name, message: `${name} is not an accepted ${where === 'query' ? 'query parameter' : 'field'}` });
      continue;
    }
    if (repeated.has(name)) {
      out.push({ field: name, message: `${name} must be given once, as a plain value` });
      continue;
    }
    const value = own(data, name);
    if (value === null) {
      if (field.required || !field.nullable) out.push({ field: name, message: field.required || field.notBlank ? missing(field) : `${name} cannot be null` });
      continue;
    }
    const path = `${base}/${pointer(name)}`;
    const worded = messageOf(
      field,
      value,
      errors.filter((e) => e.instancePath === path || e.instancePath.startsWith(`${path}/`)),
      path,
    );
    if (worded) out.push({ field: name, message: worded.text, detail: worded.keyword && field.schema.errorDetail?.[worded.keyword] });
  }
  for (const field of blankRequired(shape, data)) if (!out.some((d) => d.field === field.name)) out.push({ field: field.name, message: missing(field) });
  return out;
}

/** The order in which a field's problems are told (one per field): its type first, then its size, then its form. */
const PRECEDENCE = [
  'type',
  'maxLength',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'not',
  'multipleOf',
  'format',
  'pattern',
  'enum',
];
const rank = (e: ErrorObject) => {
  const i = PRECEDENCE.indexOf(e.keyword);
  return i === -1 ? PRECEDENCE.length : i;
};

const TYPE_NAMES: Partial<Record<Kind, string>> = { string: 'a string', email: 'a string', integer: 'an integer', number: 'a number' };

function messageOf(field: Field, value: unknown, errors: ErrorObject[], path: string): { text: string; keyword?: string } | undefined {
  const relevant = errors.filter(
    (e) =>
      // The null branch of an optional field, and the blank rule (told as "required" after the loop), are not problems here.
      !(e.keyword === 'anyOf' && e.instancePath === path) &&
      !(e.keyword === 'type' && e.params.type === 'null') &&
      !(e.keyword === 'pattern' && e.params.pattern === NOT_BLANK && e.instancePath === path),
  );
  if (!relevant.length) return undefined;
  const n = field.name;
  const s = field.schema;
  const words = custom(field);
  switch (field.kind) {
    case 'datetime':
      return { text: `${n} must be an ISO 8601 date-time` };
    case 'int64':
      return { text: `${n} must be a positive integer id` };
    case 'enum':
      return { text: `${n} must be one of ${(s.enum as string[]).join(', ')}` };
    case 'boolean':
      return { text: `${n} must be true or false` };
    case 'object': {
      if (relevant.some((e) => e.instancePath === path && e.keyword === 'type')) return { text: `${n} must be an object` };
      const inner = value as Record<string, unknown>;
      const details = problems(field.object!, Object.entries(inner), inner, errors, path, 'body', new Set());
      return { text: `${n}: ${details.map((d) => d.message).join('; ')}` };
    }
    case 'array': {
      const top = relevant.filter((e) => e.instancePath === path).sort((a, b) => rank(a) - rank(b))[0];
      if (top?.keyword === 'maxItems') return { text: `${n} ${words.maxItems ?? `may hold at most ${top.params.limit} values`}` };
      if (!top && relevant.every((e) => e.keyword === 'maxLength')) return { text: `${n} must be strings of at most ${relevant[0].params.limit} characters` };
      return { text: s.items?.type === 'integer' ? `${n} must be an array of positive integer ids` : `${n} must be an array of strings` };
    }
  }
  const e = relevant.filter((x) => x.instancePath === path).sort((a, b) => rank(a) - rank(b))[0] ?? relevant[0];
  const keyword = e.keyword;
  const worded = words[keyword as keyof ErrorMessages];
  if (worded) return { text: `${n} ${worded}`, keyword };
  return { text: defaultWords(field, e), keyword };
}

function defaultWords(field: Field, e: ErrorObject): string {
  const n = field.name;
  const s = field.schema;
  switch (e.keyword) {
    case 'type':
      return `${n} must be ${TYPE_NAMES[field.kind]}`;
    case 'maxLength':
      return `${n} is too long (at most ${e.params.limit} characters)`;
    case 'format':
      return `${n} must be a valid email address`;
    case 'minimum':
    case 'maximum': {
      const what = field.kind === 'integer' ? 'an integer' : 'a number';
      if (s.minimum !== undefined && s.maximum !== undefined) return `${n} must be ${what} from ${s.minimum} to ${s.maximum}`;
      return s.minimum !== undefined ? `${n} must be ${what} of at least ${s.minimum}` : `${n} must be ${what} of at most ${s.maximum}`;
    }
    case 'exclusiveMinimum':
      return `${n} must be greater than ${s.exclusiveMinimum}`;
    case 'exclusiveMaximum':
      return `${n} must be less than ${s.exclusiveMaximum}`;
    default:
      return `${n} is not valid`;
  }
}
