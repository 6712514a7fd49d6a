import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getArgumentValues,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  parse,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export const QUERY_LIMITS = { maxDepth: 10, maxCost: 50_000, defaultPage: 50, maxPage: 500 };

/**
 * Caps on the document itself, checked on the raw text by one pass of the lexer before anything parses or walks
 * it: whatever a document does, its size bounds the work of every later step. The standard introspection query
 * is 2 KB, 184 tokens and 8 spreads; a large dashboard query is a few hundred tokens.
 */
export const DOCUMENT_LIMITS = { maxChars: 20_000, maxTokens: 5_000, maxAliases: 50, maxDirectives: 50, maxSpreads: 200 };

/**
 * Introspection (`__schema`, `__type`) has bounds of its own instead of the data graph's depth and cost: its own
 * cost (introspectionCost), at most `budgetOverStandard` times the standard introspection query's; at most
 * `maxFields` introspection fields in a document; and graphql-js's MaxIntrospectionDepthRule (in the specified
 * rules: no more than 3 nested lists of types and fields).
 */
export const INTROSPECTION_LIMITS = { maxFields: 10, budgetOverStandard: 1.25 };

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/** Why the document is refused, or undefined. Linear in its length; a syntax error is left to the parser. */
export function documentLimitViolation(source: string, limits = DOCUMENT_LIMITS): string | undefined {
  if (source.length > limits.maxChars) return `The document has ${source.length} characters; the maximum is ${limits.maxChars}`;
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  let aliases = 0;
  let directives = 0;
  let spreads = 0;
  // Outside parentheses (arguments, variable definitions) a colon can only follow an alias.
  let parens = 0;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (++tokens > limits.maxTokens) return `The document has more than ${limits.maxTokens} tokens`;
      if (t.kind === TokenKind.PAREN_L) parens++;
      else if (t.kind === TokenKind.PAREN_R) parens = Math.max(0, parens - 1);
      else if (t.kind === TokenKind.COLON && parens === 0) aliases++;
      else if (t.kind === TokenKind.AT) directives++;
      else if (t.kind === TokenKind.SPREAD) spreads++;
    }
  } catch {
    return undefined;
  }
  if (aliases > limits.maxAliases) return `The document has ${aliases} aliases; the maximum is ${limits.maxAliases}`;
  if (directives > limits.maxDirectives) return `The document has ${directives} directives; the maximum is ${limits.maxDirectives}`;
  if (spreads > limits.maxSpreads) return `The document has ${spreads} fragment spreads; the maximum is ${limits.maxSpreads}`;
  return undefined;
}

const fragmentMaps = new WeakMap<DocumentNode, Map<string, FragmentDefinitionNode>>();
/** The document's fragments by name. */
export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  // Once per document: the rate limiter and the cost check of every request read it (Apollo caches documents).
  let out = fragmentMaps.get(document);
  if (out) return out;
  out = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
  fragmentMaps.set(document, out);
  return out;
}

/**
 * Validation rule: no operation nests deeper than `maxDepth` fields. Each fragment's depth is measured once
 * (a fragment's depth does not depend on where it is spread), so a fragment spread many times costs one walk;
 * a cycle (refused by NoFragmentCycles anyway) counts as depth 0 where it closes.
 */
export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    const memo = new Map<string, number>();
    const fragmentDepth = (name: string): number => {
      const known = memo.get(name);
      if (known !== undefined) return known;
      const f = fragments.get(name);
      memo.set(name, 0);
      const depth = f ? depthOf(f.selectionSet) : 0;
      memo.set(name, depth);
      return depth;
    };
    const depthOf = (set: SelectionSetNode): number => {
      let max = 0;
      for (const sel of set.selections) {
        let d: number;
        if (sel.kind === Kind.FIELD) {
          // Introspection is bounded by its own rules (INTROSPECTION_LIMITS), not by the data graph's depth.
          d = sel.selectionSet && !INTROSPECTION_ROOTS.has(sel.name.value) ? 1 + depthOf(sel.selectionSet) : 1;
        } else if (sel.kind === Kind.INLINE_FRAGMENT) d = depthOf(sel.selectionSet);
        else d = fragmentDepth(sel.name.value);
        if (d > max) max = d;
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet);
        if (depth > maxDepth) context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth}`, { nodes: [node] }));
      },
    };
  };
}

/** Validation rule: at most `maxFields` introspection fields (`__schema`, `__type`) in a document. */
export function introspectionLimitRule(maxFields = INTROSPECTION_LIMITS.maxFields) {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (!INTROSPECTION_ROOTS.has(node.name.value) || ++count !== maxFields + 1) return;
        context.reportError(new GraphQLError(`A document may hold at most ${maxFields} introspection fields (__schema, __type)`, { nodes: [node] }));
      },
    };
  };
}

type Variables = Record<string, unknown>;

/**
 * The variable values the operation will run with: the request's, coerced to their declared types, defaults
 * included. Undefined when they do not coerce (the operation then fails before any resolver runs).
 */
export function coercedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: Variables): Variables | undefined {
  const result = getVariableValues(schema, operation.variableDefinitions ?? [], inputs, { maxErrors: 1 });
  return result.errors ? undefined : result.coerced;
}

/**
 * How much one field multiplies what it holds, or null when the field is not counted at all (nor what it holds).
 * Decided by the parent type and the field alone, so a fragment's cost does not depend on where it is spread.
 */
type Multiplier = (parent: GraphQLNamedType | undefined, def: GraphQLField<unknown, unknown> | undefined, node: FieldNode) => number | null;

/**
 * Worst-case cost of a selection: each counted field costs 1, plus what it holds times its multiplier. Each
 * fragment is measured once: its cost depends on its type condition only, not on where it is spread.
 */
function selectionCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  multiplier: Multiplier,
): number {
  const memo = new Map<string, number>();
  const fragmentCost = (name: string, parent: GraphQLNamedType | undefined): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const f = fragments.get(name);
    memo.set(name, 0);
    const cost = f ? measure(f.selectionSet, schema.getType(f.typeCondition.name.value) ?? parent) : 0;
    memo.set(name, cost);
    return cost;
  };
  const measure = (set: SelectionSetNode, parent: GraphQLNamedType | undefined): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const def = fieldOf(schema, parent, sel.name.value);
        const times = multiplier(parent, def, sel);
        if (times === null) continue;
        cost += 1 + (sel.selectionSet ? measure(sel.selectionSet, def ? getNamedType(def.type) : undefined) * times : 0);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += measure(sel.selectionSet, sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent);
      } else {
        cost += fragmentCost(sel.name.value, parent);
      }
    }
    return cost;
  };
  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return measure(operation.selectionSet, root ?? undefined);
}

/** A field's definition on its parent type, the introspection fields of the query root included. */
function fieldOf(schema: GraphQLSchema, parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (parent === schema.getQueryType()) {
    if (name === '__schema') return SchemaMetaFieldDef as GraphQLField<unknown, unknown>;
    if (name === '__type') return TypeMetaFieldDef as GraphQLField<unknown, unknown>;
  }
  return parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
}

/**
 * Worst-case cost of an operation's data fields, with the variable values it will run with (coercedVariables):
 * each field costs 1, and a field that pages (has a `first` or `last` argument) multiplies what it holds by the
 * page size it will run with (literals, variables and their defaults), or the default page size when none is
 * given. Introspection and `__typename` are not counted here (introspectionCost).
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Variables,
  limits = QUERY_LIMITS,
): number {
  return selectionCost(schema, operation, fragments, (_parent, def, node) => {
    if (node.name.value.startsWith('__')) return null;
    if (!def?.args.some((a) => a.name === 'first' || a.name === 'last')) return 1;
    let asked: unknown;
    try {
      const args = getArgumentValues(def, node, variables);
      asked = args.first ?? args.last;
    } catch {
      // Arguments that do not coerce fail the operation before anything runs.
      asked = undefined;
    }
    const n = typeof asked === 'number' && Number.isFinite(asked) ? asked : limits.defaultPage;
    return Math.min(limits.maxPage, Math.max(1, n));
  });
}

/**
 * How many items each introspection list of the schema can hold at most (`__Schema.types`, `__Type.fields`, …):
 * the multipliers of introspectionCost. Computed once per schema.
 */
const listSizesOf = new WeakMap<GraphQLSchema, Map<string, number>>();
function introspectionListSizes(schema: GraphQLSchema): Map<string, number> {
  let sizes = listSizesOf.get(schema);
  if (sizes) return sizes;
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  const most = (counts: number[]) => Math.max(1, ...counts);
  const fieldsOf = types.flatMap((t) => (isObjectType(t) || isInterfaceType(t) ? Object.values(t.getFields()) : []));
  const args = most([...fieldsOf.map((f) => f.args.length), ...directives.map((d) => d.args.length)]);
  sizes = new Map([
    ['__Schema.types', types.length],
    ['__Schema.directives', directives.length],
    ['__Type.fields', most(types.map((t) => (isObjectType(t) || isInterfaceType(t) ? Object.keys(t.getFields()).length : 0)))],
    ['__Type.inputFields', most(types.map((t) => (isInputObjectType(t) ? Object.keys(t.getFields()).length : 0)))],
    ['__Type.enumValues', most(types.map((t) => (isEnumType(t) ? t.getValues().length : 0)))],
    ['__Type.interfaces', most(types.map((t) => (isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0)))],
    ['__Type.possibleTypes', most(types.map((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0)))],
    ['__Field.args', args],
    ['__Directive.args', args],
  ]);
  listSizesOf.set(schema, sizes);
  return sizes;
}

/**
 * Worst-case cost of an operation's introspection (`__schema`, `__type` and below): each field costs 1, and a
 * list multiplies what it holds by the most items that list holds anywhere in this schema. Aliases and
 * fragments cannot multiply it unnoticed, unlike a bound on depth or on the number of introspection fields.
 */
export function introspectionCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): number {
  const sizes = introspectionListSizes(schema);
  return selectionCost(schema, operation, fragments, (parent, def, node) => {
    if (!parent?.name.startsWith('__')) return INTROSPECTION_ROOTS.has(node.name.value) ? 1 : null;
    if (node.name.value === '__typename') return null;
    return def && isListType(getNullableType(def.type)) ? (sizes.get(`${parent.name}.${node.name.value}`) ?? sizes.get('__Schema.types')!) : 1;
  });
}

/**
 * The introspection budget: what the standard introspection query (every option on, as GraphiQL, the Apollo
 * Sandbox and graphql-codegen send it) costs on this schema, with room for a few `__type` lookups beside it.
 */
const budgetOf = new WeakMap<GraphQLSchema, number>();
export function introspectionBudget(schema: GraphQLSchema): number {
  let budget = budgetOf.get(schema);
  if (budget !== undefined) return budget;
  const standard = parse(
    getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    }),
  );
  const operation = standard.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  budget = Math.ceil(introspectionCost(schema, operation, fragmentsOf(standard)) * INTROSPECTION_LIMITS.budgetOverStandard);
  budgetOf.set(schema, budget);
  return budget;
}
