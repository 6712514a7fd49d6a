import { Type, type TSchema } from '@sinclair/typebox';
import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
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

  /**
   * The object selection sets on `parent` answer. Fields are grouped by response name first, as GraphQL
   * executes them (fragments and repeated fields merge their sub-selections, at any depth). Root fields are not
   * annotated with their GraphQL descriptions: those speak of the GraphQL operation, not of a REST body.
   */
  object(parent: GraphQLObjectType, sets: readonly SelectionSetNode[], root = false): TSchema {
    const groups = new Map<string, FieldNode[]>();
    for (const set of sets) this.collect(set, groups);
    const properties: Record<string, TSchema> = {};
    for (const [name, nodes] of groups) {
      const fieldName = nodes[0].name.value;
      if (fieldName === '__typename') {
        properties[name] = Type.Literal(parent.name);
        continue;
      }
      const field = parent.getFields()[fieldName];
      if (!field) throw new Error(`${parent.name} has no field ${fieldName}`);
      const value = this.output(
        field.type,
        nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : [])),
      );
      properties[name] = root ? value : annotated(value, field);
    }
    const out = Type.Object(properties, { additionalProperties: false });
    graphqlTypeOf.set(out, parent.name);
    return out;
  }

  private collect(set: SelectionSetNode, into: Map<string, FieldNode[]>): void {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const f = this.fragments.get(sel.name.value);
        if (!f) throw new Error(`unknown fragment ${sel.name.value}`);
        this.collect(f.selectionSet, into);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        this.collect(sel.selectionSet, into);
      } else {
        const name = sel.alias?.value ?? sel.name.value;
        into.set(name, [...(into.get(name) ?? []), sel]);
      }
    }
  }

  private output(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): TSchema {
    if (isNonNullType(type)) return this.nonNull(type.ofType, sets);
    return nullable(this.nonNull(type, sets));
  }

  private nonNull(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): TSchema {
    if (isListType(type)) return Type.Array(this.output(type.ofType, sets));
    if (isObjectType(type)) return this.object(type, sets);
    if (isEnumType(type)) return Type.Unsafe<string>({ type: 'string', enum: type.getValues().map((v) => v.name) });
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
    return this.object(root, [op.selectionSet], true);
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

/** The schema of the fields of `typeName` a selection names (`"id name"`), as a body carries them: for bodies no operation answers. */
export function selectionSchema(schema: GraphQLSchema, typeName: string, selection: string): TSchema {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const fragment = parse(`fragment Body on ${typeName} { ${selection} }`).definitions[0] as FragmentDefinitionNode;
  return new SelectionSchemas(schema, new Map()).object(type, [fragment.selectionSet]);
}
