import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import {
  defaultFieldResolver,
  getNamedType,
  isInputObjectType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLSchema,
} from 'graphql';
import { Extensions } from 'type-graphql';
import type { Problem } from '../validation/messages';
import { compileInputs, inputProblems, validationFailure } from '../validation/validator';
import type { GraphQLContext } from './context';

/**
 * The GraphQL edge of the one validation layer (src/validation): an operation names the schemas of its
 * arguments with @ValidateArgs, and `applyInputValidation` checks them before the resolver runs, with the
 * validator the REST facade uses, so a GraphQL caller gets the VALIDATION_FAILED (message, details) a REST
 * caller gets for the same input. An execution from the REST facade is not checked again: the facade
 * validated the body or query string with the same schema before it built the variables.
 */

const KEY = 'inputSchemas';

/**
 * Declares the schemas of an operation's arguments, by argument name: an input-object argument (`input`,
 * `filter`) maps to its Body schema and is checked on its own, so problems name its fields as a REST body's
 * would; scalar arguments map to field schemas and are checked together, as one query string or body.
 */
export const ValidateArgs = (schemas: TProperties) => Extensions({ [KEY]: schemas });

interface ArgsPlan {
  /** The scalar arguments, as one object. */
  scalars?: TObject;
  /** Input-object arguments, each checked on its own (null or absent: nothing to check). */
  inputs: Array<[name: string, schema: TObject]>;
}

const nonNull = (s: TSchema): TSchema => (Array.isArray(s.anyOf) && s.anyOf.length === 2 ? (s.anyOf.find((x: TSchema) => x.type !== 'null') ?? s) : s);
const isBody = (s: TSchema): boolean => nonNull(s).type === 'object';

function planOf(schemas: TProperties): ArgsPlan {
  const scalars: TProperties = {};
  const inputs: ArgsPlan['inputs'] = [];
  for (const [name, s] of Object.entries(schemas)) {
    if (isBody(s)) inputs.push([name, nonNull(s) as TObject]);
    else scalars[name] = s;
  }
  return { scalars: Object.keys(scalars).length ? Type.Object(scalars, { additionalProperties: false }) : undefined, inputs };
}

/** A GraphQL value as the JSON a REST client sends: the date-time scalar's Dates become ISO strings. */
function asJson(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (Array.isArray(v)) return v.map(asJson);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asJson(x)]));
  return v;
}

/** Every problem of the arguments, in the order REST reports them: the scalars, then each input. */
function argumentProblems(plan: ArgsPlan, args: Record<string, unknown>): Problem[] {
  const details: Problem[] = [];
  if (plan.scalars) {
    const given = Object.fromEntries(Object.keys(plan.scalars.properties).flatMap((k) => (Object.hasOwn(args, k) ? [[k, asJson(args[k])]] : [])));
    details.push(...inputProblems(plan.scalars, given));
  }
  for (const [name, schema] of plan.inputs) if (args[name] != null) details.push(...inputProblems(schema, asJson(args[name])));
  return details;
}

type Field = GraphQLField<unknown, unknown>;

const rootFields = (schema: GraphQLSchema): Array<[string, Field]> =>
  (['Query', 'Mutation'] as const).flatMap((t) => {
    const type = schema.getType(t);
    return isObjectType(type) ? Object.values(type.getFields()).map((f): [string, Field] => [`${t}.${f.name}`, f]) : [];
  });

const declared = (f: Field): TProperties | undefined => f.extensions?.[KEY] as TProperties | undefined;

/**
 * Every field of every input object an operation takes, at any depth, has a property in the schema that
 * validates it (and the schema no property the input lacks); every operation with an input-object argument
 * declares its schema, and declares none for an argument it lacks. Throws naming each field that is not
 * covered: such a field would reach the services unchecked. (Scalar arguments are checked where declared:
 * those of the operations the REST facade also serves; `programId`, paging and the ids of GraphQL-only
 * operations are the policy's, src/common/pagination's and the services' to judge.)
 */
export function checkInputCoverage(schema: GraphQLSchema): void {
  const problems: string[] = [];
  for (const [where, field] of rootFields(schema)) {
    const schemas = declared(field);
    for (const arg of field.args) {
      const type = getNamedType(arg.type);
      const s = schemas?.[arg.name];
      if (isInputObjectType(type)) {
        if (!s) problems.push(`${where}(${arg.name}: ${type.name}) has no schema: declare it with @ValidateArgs`);
        else if (!isBody(s)) problems.push(`${where}(${arg.name}): its schema is not an object (Body)`);
        else compareInput(type, nonNull(s) as TObject, `${where}(${arg.name})`, problems);
      }
    }
    for (const name of Object.keys(schemas ?? {}))
      if (!field.args.some((a) => a.name === name)) problems.push(`${where} has no argument ${name} (its schema has)`);
  }
  if (problems.length) throw new Error(`GraphQL inputs out of step with src/validation/schemas:\n  ${problems.join('\n  ')}`);
}

function compareInput(type: GraphQLInputObjectType, schema: TObject, where: string, problems: string[]): void {
  const fields = type.getFields();
  for (const f of Object.values(fields)) {
    const prop = schema.properties[f.name];
    const inner = getNamedType(f.type);
    if (!prop) problems.push(`${type.name}.${f.name} has no property in its schema (${where})`);
    else if (isInputObjectType(inner)) {
      if (isBody(prop)) compareInput(inner, nonNull(prop) as TObject, `${where}.${f.name}`, problems);
      else problems.push(`${type.name}.${f.name}: its schema is not an object (${where})`);
    }
  }
  for (const name of Object.keys(schema.properties)) if (!fields[name]) problems.push(`${type.name} has no field ${name} (its schema has; ${where})`);
}

/**
 * Checks the schemas against the built GraphQL schema (start-up fails on a gap), compiles them, and wraps each
 * declaring operation's resolver with the check. Applied before the policy, so the caller is authorized first.
 */
export function applyInputValidation(schema: GraphQLSchema): GraphQLSchema {
  checkInputCoverage(schema);
  for (const [, field] of rootFields(schema)) {
    const schemas = declared(field);
    if (!schemas) continue;
    const plan = planOf(schemas);
    compileInputs([...(plan.scalars ? [plan.scalars] : []), ...plan.inputs.map(([, s]) => s)]);
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context, info) => {
      if ((context as GraphQLContext).via !== 'rest') {
        const found = argumentProblems(plan, args);
        if (found.length) throw validationFailure(found);
      }
      return resolve(source, args, context, info);
    };
  }
  return schema;
}
