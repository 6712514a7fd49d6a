import { NOT_BLANK } from './kit';

/**
 * What the validator reads from an input schema besides what Ajv checks: each field's kind (which words its
 * problems get), whether it is required, nullable or must not be blank, and the fields of nested objects.
 * Built once per schema; a schema the validator could not word is refused here, at start-up.
 */

export type JsonSchema = Record<string, any>;
export type Kind = 'string' | 'email' | 'datetime' | 'enum' | 'integer' | 'int64' | 'number' | 'boolean' | 'array' | 'object';

export interface Field {
  name: string;
  /** The field's schema without its null branch. */
  schema: JsonSchema;
  kind: Kind;
  required: boolean;
  /** null is accepted (and passed on). */
  nullable: boolean;
  /** A text that must hold a non-whitespace character when given. */
  notBlank: boolean;
  /** The fields of a nested object. */
  object?: Shape;
}

export interface Shape {
  fields: Map<string, Field>;
}

export function shapeOf(schema: JsonSchema, where: string): Shape {
  if (schema.type !== 'object' || schema.additionalProperties !== false) throw new Error(`input schema ${where || '(root)'} must be a closed object (Body)`);
  const required = new Set<string>(schema.required ?? []);
  const fields = new Map<string, Field>();
  for (const [name, raw] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const nullBranch = Array.isArray(raw.anyOf) && raw.anyOf.length === 2 && raw.anyOf.some((s: JsonSchema) => s.type === 'null');
    const s: JsonSchema = nullBranch ? raw.anyOf.find((x: JsonSchema) => x.type !== 'null') : raw;
    const kind = kindOf(s, `${where}${name}`);
    fields.set(name, {
      name,
      schema: s,
      kind,
      required: required.has(name),
      nullable: nullBranch,
      notBlank: s.pattern === NOT_BLANK,
      object: kind === 'object' ? shapeOf(s, `${where}${name}.`) : undefined,
    });
  }
  return { fields };
}

function kindOf(s: JsonSchema, name: string): Kind {
  switch (s.type) {
    case 'string':
      return s.enum ? 'enum' : s.format === 'email' ? 'email' : s.format === 'date-time' ? 'datetime' : 'string';
    case 'integer':
      // Ajv's integer is any whole number (2^60 too): every integer field says its range.
      if (!(s.minimum >= -Number.MAX_SAFE_INTEGER && s.maximum <= Number.MAX_SAFE_INTEGER))
        throw new Error(`integer field ${name} needs a minimum and a maximum`);
      return s.format === 'int64' ? 'int64' : 'integer';
    case 'number':
    case 'boolean':
    case 'object':
      return s.type;
    case 'array':
      // Lists of texts, or of ids (a sale's id is an int64: its range keeps every value a safe integer).
      if (s.items?.type === 'integer' && s.items.format === 'int64' && s.items.minimum >= 1 && s.items.maximum <= Number.MAX_SAFE_INTEGER) return 'array';
      if (s.items?.type !== 'string') throw new Error(`array field ${name} must be a list of strings or of int64 ids`);
      return 'array';
    default:
      throw new Error(`field ${name} has a schema the validator does not know (${JSON.stringify(s)})`);
  }
}
