import { Type, type TSchema } from '@sinclair/typebox';
import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The JSON Schema of what a named GraphQL operation answers, derived from its selection set and the schema's
 * types: a REST body is what its operation selects, so its schema cannot differ from the GraphQL type it
 * shows, and the descriptions of the GraphQL schema describe the REST fields too. Every selected field is
 * present in an answer (GraphQL never leaves one out), nullable only where the GraphQL type is.
 */

/** The GraphQL object type an object schema shows: the document names such schemas after it. */
export const graphqlTypeOf = new WeakMap<object, string>();

const SCALARS: Record<string, () => TSchema> = {
  String: () => Type.String(),
  ID: () => Type.String(),
  Boolean: () => Type.Boolean(),
  Int: () => Type.Integer({ format: 'int32' }),
  Float: () => Type.Number(),
  SafeInt: () => Type.Integer({ format: 'int64' }),
  DateTimeISO: () => Type.String({ format: 'date-time' }),
  JSON: () => Type.Unknown(),
};

/** `schema` that also admits null: one `type` list (fast to serialize), null added to an enum. */
export function nullable(schema: TSchema): TSchema {
  if (schema.type === undefined) return schema; // any JSON value already
  const out: TSchema = { ...schema, type: [...(Array.isArray(schema.type) ? schema.type : [schema.type]), 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
  const type = graphqlTypeOf.get(schema);
  if (type) graphqlTypeOf.set(out, type);
  return out;
}

/** The object schema's copy with the given annotations (description, deprecation). */
function annotated(schema: TSchema, field: GraphQLField<unknown, unknown>): TSchema {
  const out: TSchema = { ...schema };
  if (field.description) out.description = field.description;
  if (field.deprecationReason) out.deprecated = true;
  const type = graphqlTypeOf.get(schema);
  if (type) graphqlTypeOf.set(out, type);
  return out;
}

class SelectionSchemas {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {}

  /** The object a selection set on `parent` answers. */
  object(parent: GraphQLObjectType, set: SelectionSetNode): TSchema {
    const properties: Record<string, TSchema> = {};
    this.collect(parent, set, properties);
    const out = Type.Object(properties, { additionalProperties: false });
    graphqlTypeOf.set(out, parent.name);
    return out;
  }

  private collect(parent: GraphQLObjectType, set: SelectionSetNode, into: Record<string, TSchema>): void {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const f = this.fragments.get(sel.name.value);
        if (!f) throw new Error(`unknown fragment ${sel.name.value}`);
        this.collect(parent, f.selectionSet, into);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        this.collect(parent, sel.selectionSet, into);
      } else {
        const name = sel.alias?.value ?? sel.name.value;
        if (sel.name.value === '__typename') {
          into[name] = Type.Literal(parent.name);
          continue;
        }
        const field = parent.getFields()[sel.name.value];
        if (!field) throw new Error(`${parent.name} has no field ${sel.name.value}`);
        const value = this.output(field.type, sel.selectionSet);
        // A field selected twice (two fragments) merges its selections, as GraphQL does.
        const before = into[name];
        into[name] = annotated(before && value.properties ? this.merge(before, value) : value, field);
      }
    }
  }

  private merge(a: TSchema, b: TSchema): TSchema {
    const out = { ...a, properties: { ...(a.properties as object), ...(b.properties as object) } } as TSchema;
    out.required = Object.keys(out.properties as object);
    const type = graphqlTypeOf.get(a);
    if (type) graphqlTypeOf.set(out, type);
    return out;
  }

  private output(type: GraphQLOutputType, set: SelectionSetNode | undefined): TSchema {
    if (isNonNullType(type)) return this.nonNull(type.ofType, set);
    return nullable(this.nonNull(type, set));
  }

  private nonNull(type: GraphQLOutputType, set: SelectionSetNode | undefined): TSchema {
    if (isListType(type)) return Type.Array(this.output(type.ofType, set));
    if (isObjectType(type)) return this.object(type, set!);
    if (isEnumType(type)) return Type.Unsafe<string>({ type: 'string', enum: type.getValues().map((v) => v.value as string) });
    if (isScalarType(type)) {
      const make = SCALARS[type.name];
      if (!make) throw new Error(`no JSON Schema for GraphQL scalar ${type.name}: add it to rest-facade/response-schema.ts`);
      return make();
    }
    throw new Error(`no JSON Schema for GraphQL type ${getNamedType(type).name} (interfaces and unions are not used by the REST facade)`);
  }

  operation(op: OperationDefinitionNode): TSchema {
    const root = op.operation === 'query' ? this.schema.getQueryType() : op.operation === 'mutation' ? this.schema.getMutationType() : null;
    if (!root) throw new Error(`operation ${op.name?.value} is neither a query nor a mutation`);
    return this.object(root, op.selectionSet);
  }
}

/** The schema of the `data` a named operation (one of rest-facade/operations) answers. */
export function operationDataSchema(schema: GraphQLSchema, document: DocumentNode): TSchema {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let op: OperationDefinitionNode | undefined;
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION) op = def;
  }
  if (!op) throw new Error('the document has no operation');
  return new SelectionSchemas(schema, fragments).operation(op);
}
