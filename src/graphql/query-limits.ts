import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  isInterfaceType,
  isObjectType,
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
 * Introspection (`__schema`, `__type`) has a bound of its own instead of depth and cost: graphql-js's
 * MaxIntrospectionDepthRule (in the specified rules) refuses more than 3 nested lists of types and fields, and at
 * most this many introspection fields may appear in a document, so aliases cannot multiply it.
 */
export const INTROSPECTION_LIMITS = { maxFields: 10 };

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

/** The document's fragments by name. */
export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const out = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
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
 * Worst-case cost of an operation: each field costs 1, and a field that pages (has a `first` or `last` argument)
 * multiplies its subtree by the page size it will be run with (its arguments coerced with the operation's
 * variables: literals, variables and their defaults), or the default page size when none is given. Without
 * coerced variables (they did not coerce) a paging argument given by a variable counts as the largest page.
 * Each fragment is measured once: its cost depends on its type condition only, not on where it is spread.
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Variables | undefined,
  limits = QUERY_LIMITS,
): number {
  const pageSize = (def: GraphQLField<unknown, unknown>, node: FieldNode): number => {
    let asked: unknown;
    if (variables) {
      try {
        const args = getArgumentValues(def, node, variables);
        asked = args.first ?? args.last;
      } catch {
        asked = undefined;
      }
    } else {
      const arg = node.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
      asked = arg?.value.kind === Kind.VARIABLE ? limits.maxPage : arg?.value.kind === Kind.INT ? Number(arg.value.value) : undefined;
    }
    const n = typeof asked === 'number' && Number.isFinite(asked) ? asked : limits.defaultPage;
    return Math.min(limits.maxPage, Math.max(1, n));
  };
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
        // Introspection and __typename: bounded by their own rules, free here.
        if (sel.name.value.startsWith('__')) continue;
        const def = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
        let fieldCost = 1;
        if (sel.selectionSet) {
          const inner = measure(sel.selectionSet, def ? getNamedType(def.type) : undefined);
          const pages = def?.args.some((a) => a.name === 'first' || a.name === 'last');
          fieldCost += inner * (def && pages ? pageSize(def, sel) : 1);
        }
        cost += fieldCost;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const t = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
        cost += measure(sel.selectionSet, t);
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
