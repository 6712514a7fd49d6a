import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Validation rules against abusive queries: a maximum depth and a maximum cost, where each field costs 1 and
 * a list field multiplies its subtree by its `first` argument (default page size when absent).
 */
export function queryLimitRules(maxDepth: number, maxCost: number, defaultPage = 50) {
  return [(context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

    const measure = (set: SelectionSetNode, depth: number, seen: Set<string>): { depth: number; cost: number } => {
      let maxD = depth;
      let cost = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          let fieldCost = 1;
          let d = depth + 1;
          if (sel.selectionSet) {
            const inner = measure(sel.selectionSet, depth + 1, seen);
            d = inner.depth;
            const firstArg = sel.arguments?.find((a) => a.name.value === 'first');
            const mult = firstArg?.value.kind === Kind.INT ? Number(firstArg.value.value) : firstArg ? defaultPage : 1;
            fieldCost += inner.cost * Math.max(1, mult);
          }
          cost += fieldCost;
          maxD = Math.max(maxD, d);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const inner = measure(sel.selectionSet, depth, seen);
          cost += inner.cost;
          maxD = Math.max(maxD, inner.depth);
        } else {
          const frag = fragments.get(sel.name.value);
          if (!frag || seen.has(frag.name.value)) continue; // cycles are reported by the standard rules
          const inner = measure(frag.selectionSet, depth, new Set([...seen, frag.name.value]));
          cost += inner.cost;
          maxD = Math.max(maxD, inner.depth);
        }
      }
      return { depth: maxD, cost };
    };

    return {
      OperationDefinition(node) {
        const { depth, cost } = measure(node.selectionSet, 0, new Set());
        if (depth > maxDepth) context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth}`, { nodes: [node] }));
        if (cost > maxCost) context.reportError(new GraphQLError(`Query cost ${cost} exceeds the maximum of ${maxCost}`, { nodes: [node] }));
      },
    };
  }];
}

export const QUERY_LIMITS = { maxDepth: 10, maxCost: 50_000 };
