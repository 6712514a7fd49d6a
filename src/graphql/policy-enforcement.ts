import { defaultFieldResolver, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { authorize, GRAPHQL_FIELD_SETS, GRAPHQL_FIELDS, GRAPHQL_ROOT_FIELDS, type Resource } from '../auth/policy';
import type { GraphQLContext } from './context';

/**
 * Enforces src/auth/policy.ts on the built schema, in one place: every root field, and every field the policy
 * names, checks the caller before its resolver runs. A root field without an entry stops the server from
 * starting (deny by default). Only these fields are wrapped: a middleware on every field would cost each row
 * of every list.
 */
export function applyPolicy(schema: GraphQLSchema): GraphQLSchema {
  for (const typeName of ['Query', 'Mutation'] as const) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const [name, field] of Object.entries(type.getFields())) {
      const resource = GRAPHQL_ROOT_FIELDS[typeName][name];
      if (!resource) throw new Error(`${typeName}.${name} has no entry in the authorization policy (src/auth/policy.ts)`);
      guard(field, resource);
    }
  }
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
