import { Type, type TSchema } from '@sinclair/typebox';
import { graphqlTypeOf } from './response-schema';

/**
 * How a route's answer is made from its operation's result, declared once for two uses: `map` turns the
 * result into the body, `schema` turns the schema of the result into the body's schema (the OpenAPI
 * document and the compiled serializer). A shape and its schema cannot drift apart: both come from here.
 */
export interface BodyShape {
  map(value: unknown): unknown;
  schema(schema: TSchema): TSchema;
}

const propertyOf = (schema: TSchema, key: string): TSchema => {
  const p = (schema.properties as Record<string, TSchema> | undefined)?.[key];
  if (!p) throw new Error(`the operation selects no field ${key}`);
  return p;
};

/** The value at `path` of the result (null when absent). */
export function field(...path: string[]): BodyShape {
  return {
    map: (value) => {
      let v = value;
      for (const k of path) v = (v as Record<string, unknown> | null | undefined)?.[k];
      return v ?? null;
    },
    schema: (schema) => path.reduce(propertyOf, schema),
  };
}

/** `first`, then `then` applied to its result. */
export function pipe(first: BodyShape, then: BodyShape): BodyShape {
  return { map: (v) => then.map(first.map(v)), schema: (s) => then.schema(first.schema(s)) };
}

/** An object (or null) whose keys listed are left out when null: "present only when set". */
export function omitWhenNull(keys: readonly string[]): BodyShape {
  return {
    map: (value) => {
      if (!value || typeof value !== 'object') return value ?? null;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const k of keys) if (out[k] == null) delete out[k];
      return out;
    },
    schema: (schema) => {
      const properties = { ...(schema.properties as Record<string, TSchema>) };
      for (const k of keys) properties[k] = withoutNull(propertyOf(schema, k));
      const out: TSchema = { ...schema, properties, required: (schema.required as string[]).filter((k) => !keys.includes(k)) };
      const type = graphqlTypeOf.get(schema);
      if (type) graphqlTypeOf.set(out, type);
      return out;
    },
  };
}

function withoutNull(schema: TSchema): TSchema {
  const out: TSchema = { ...schema };
  if (Array.isArray(schema.type)) {
    const types = (schema.type as string[]).filter((t) => t !== 'null');
    out.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(schema.enum)) out.enum = (schema.enum as unknown[]).filter((v) => v !== null);
  const type = graphqlTypeOf.get(schema);
  if (type) graphqlTypeOf.set(out, type);
  return out;
}

/** An object of the given shapes, each applied to the whole result. */
export function object(shapes: Record<string, BodyShape>): BodyShape {
  return {
    map: (value) => Object.fromEntries(Object.entries(shapes).map(([k, s]) => [k, s.map(value)])),
    schema: (schema) => Type.Object(Object.fromEntries(Object.entries(shapes).map(([k, s]) => [k, s.schema(schema)])), { additionalProperties: false }),
  };
}

/** The object at `base` with the other shapes' keys added after its own. */
export function extend(base: BodyShape, more: Record<string, BodyShape>): BodyShape {
  return {
    map: (value) => ({ ...(base.map(value) as Record<string, unknown>), ...(object(more).map(value) as Record<string, unknown>) }),
    schema: (schema) => {
      const b = base.schema(schema);
      const extra = object(more).schema(schema);
      const out: TSchema = {
        ...b,
        type: 'object',
        properties: { ...(b.properties as object), ...(extra.properties as object) },
        required: [...(b.required as string[]), ...(extra.required as string[])],
      };
      return out;
    },
  };
}

/** A fixed string, such as a confirmation message. */
export function constant(value: string, description: string): BodyShape {
  return { map: () => value, schema: () => Type.Literal(value, { description }) };
}
