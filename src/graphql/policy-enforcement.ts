import { defaultFieldResolver, getNamedType, isInputObjectType, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { authorize, GRAPHQL_FIELD_SETS, GRAPHQL_FIELDS, GRAPHQL_ROOT_FIELDS, type Resource } from '../auth/policy';
import { GRAPHQL_INPUT_FIELDS } from '../auth/policy-graphql';
import type { GraphQLContext } from './context';

/**
 * Enforces src/auth/policy.ts on the built schema, in one place: every root field, every field the policy
 * names, and every root field taking an input field the policy names, checks the caller before its resolver runs. A root field without an entry stops the server from
 * starting (deny by default). Only these fields are wrapped: a middleware on every field would cost each row
 * of every list.
 */
export function applyPolicy(schema: GraphQLSchema): GraphQLSchema {
  const roots = (['Query', 'Mutation'] as const).flatMap((typeName) => {
    const type = schema.getType(typeName);
    return isObjectType(type) ? Object.entries(type.getFields()).map(([name, field]) => ({ typeName, name, field })) : [];
  });
  for (const { typeName, name } of roots)
    if (!GRAPHQL_ROOT_FIELDS[typeName][name]) throw new Error(`${typeName}.${name} has no entry in the authorization policy (src/auth/policy.ts)`);
  // Wrapped first, so that the root field's own check (wrapped around it) runs before it.
  applyInputFieldPolicy(schema, roots);
  for (const { typeName, name, field } of roots) guard(field, GRAPHQL_ROOT_FIELDS[typeName][name]);
  for (const [coordinate, resource] of Object.entries(GRAPHQL_FIELDS)) {
    const field = fieldAt(schema, coordinate);
    if (resource !== 'inherit') guard(field, resource);
  }
  for (const [typeName, set] of Object.entries(GRAPHQL_FIELD_SETS)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`The authorization policy names a type ${typeName} the schema does not have`);
    for (const [name, field] of Object.entries(type.getFields())) if (!set.open.includes(name)) guard(field, set.rest);
  }
  return schema;
}

function fieldAt(schema: GraphQLSchema, coordinate: string): GraphQLField<unknown, unknown> {
  const [typeName, fieldName] = coordinate.split('.');
  const type = schema.getType(typeName);
  const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) throw new Error(`The authorization policy names ${coordinate}, which the schema does not have`);
  return field;
}

const GUARDED = Symbol('guarded by the policy');

/** Wraps the resolver with the check; it stays synchronous where the resolver is (no promise per field). */
function guard(field: GraphQLField<unknown, unknown> & { [GUARDED]?: true }, resource: Resource): void {
  if (field[GUARDED]) return;
  const resolve = field.resolve ?? defaultFieldResolver;
  field.resolve = (source, args, context, info) => {
    authorize((context as GraphQLContext).actor, resource);
    return resolve(source, args, context, info);
  };
  field[GUARDED] = true;
}

type InputCheck = { arg: string; field: string; resource: Resource };

/**
 * GRAPHQL_INPUT_FIELDS: a root field with an argument of an input type the policy lists fields of checks the
 * caller against a listed field's resource when the argument carries that field (null included), before the
 * resolver and the input validation run. An entry that names no input field, or an input type no root field
 * takes as an argument (where it would go unchecked), stops the start.
 */
function applyInputFieldPolicy(schema: GraphQLSchema, roots: Array<{ field: GraphQLField<unknown, unknown> }>): void {
  const byType = new Map<string, Array<[field: string, resource: Resource]>>();
  for (const [coordinate, resource] of Object.entries(GRAPHQL_INPUT_FIELDS)) {
    const [typeName, fieldName] = coordinate.split('.');
    const type = schema.getType(typeName);
    if (!isInputObjectType(type) || !type.getFields()[fieldName])
      throw new Error(`The authorization policy names the input field ${coordinate}, which the schema does not have`);
    byType.set(typeName, [...(byType.get(typeName) ?? []), [fieldName, resource]]);
  }
  const used = new Set<string>();
  for (const { field } of roots) {
    const checks = field.args.flatMap((arg) => {
      const typeName = getNamedType(arg.type).name;
      const listed = byType.get(typeName) ?? [];
      if (listed.length) used.add(typeName);
      return listed.map(([name, resource]): InputCheck => ({ arg: arg.name, field: name, resource }));
    });
    if (checks.length) guardInputs(field, checks);
  }
  const unused = [...byType.keys()].filter((t) => !used.has(t));
  if (unused.length) throw new Error(`The authorization policy names fields of ${unused.join(', ')}, which no root field takes as an argument`);
}

function guardInputs(field: GraphQLField<unknown, unknown>, checks: InputCheck[]): void {
  const resolve = field.resolve ?? defaultFieldResolver;
  field.resolve = (source, args, context, info) => {
    for (const c of checks) {
      const input = args[c.arg] as Record<string, unknown> | null | undefined;
      if (input != null && input[c.field] !== undefined) authorize((context as GraphQLContext).actor, c.resource);
    }
    return resolve(source, args, context, info);
  };
}
