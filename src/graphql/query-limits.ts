import {
  GraphQLError,
  Kind,
  getNamedType,
  isObjectType,
  isInterfaceType,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

export const QUERY_LIMITS = { maxDepth: 10, maxCost: 50_000, defaultPage: 50, maxPage: 500 };

/** Validation rule: no operation nests deeper than `maxDepth` fields. */
export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const depthOf = (set: SelectionSetNode, seen: Set<string>): number => {
      let max = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) max = Math.max(max, sel.selectionSet ? 1 + depthOf(sel.selectionSet, seen) : 1);
        else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, seen));
        else {
          const f = fragments.get(sel.name.value);
          if (f && !seen.has(f.name.value)) max = Math.max(max, depthOf(f.selectionSet, new Set([...seen, f.name.value])));
        }
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > maxDepth) context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth}`, { nodes: [node] }));
      },
    };
  };
}

/**
 * Worst-case cost of an operation with its variables: each field costs 1, and a field that pages (has a
 * `first` or `last` argument) multiplies its subtree by the page size asked for, or the default page size when omitted.
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> = {},
  limits = QUERY_LIMITS,
): number {
  const valueOf = (v: ValueNode | undefined): number | undefined => {
    if (!v) return undefined;
    if (v.kind === Kind.INT) return Number(v.value);
    if (v.kind === Kind.VARIABLE) {
      const x = variables[v.name.value];
      return typeof x === 'number' ? x : undefined;
    }
    return undefined;
  };
  const measure = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, seen: Set<string>): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const def = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
        let fieldCost = 1;
        if (sel.selectionSet) {
          const inner = measure(sel.selectionSet, def ? getNamedType(def.type) : undefined, seen);
          const pages = def?.args.some((a) => a.name === 'first' || a.name === 'last');
          const sizeArg = (name: string) => valueOf(sel.arguments?.find((a) => a.name.value === name)?.value);
          const asked = sizeArg('first') ?? sizeArg('last');
          const mult = pages ? Math.min(limits.maxPage, Math.max(1, asked ?? limits.defaultPage)) : 1;
          fieldCost += inner * mult;
        }
        cost += fieldCost;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const t = sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) ?? parent) : parent;
        cost += measure(sel.selectionSet, t, seen);
      } else {
        const f = fragments[sel.name.value];
        if (!f || seen.has(f.name.value)) continue;
        cost += measure(f.selectionSet, schema.getType(f.typeCondition.name.value) ?? parent, new Set([...seen, f.name.value]));
      }
    }
    return cost;
  };
  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return measure(operation.selectionSet, root ?? undefined, new Set());
}
