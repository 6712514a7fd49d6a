import fs from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  validate,
  visit,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

function spreadsOf(node: ASTNode): string[] {
  const names: string[] = [];
  visit(node, { FragmentSpread: (n) => void names.push(n.name.value) });
  return names;
}

/** The operations directory, whether running from source (jest) or from dist/. */
function operationsDir(): string {
  const candidates = [path.resolve(__dirname, 'operations'), path.resolve(__dirname, '../../rest-facade/operations')];
  const found = candidates.find((d) => fs.existsSync(d));
  if (!found) throw new Error(`rest-facade operations not found in ${candidates.join(', ')}`);
  return found;
}

/**
 * Loads every named operation from rest-facade/operations/*.graphql, each as its own document with the
 * fragments it may use, parsed and validated against the schema once at start-up: a drifted document
 * stops the server from starting instead of failing a request.
 */
export function loadOperations(schema: GraphQLSchema): Map<string, DocumentNode> {
  const dir = operationsDir();
  const operations: OperationDefinitionNode[] = [];
  const fragments: FragmentDefinitionNode[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()) {
    for (const def of parse(fs.readFileSync(path.join(dir, file), 'utf8')).definitions) {
      if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
      else if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.push(def);
    }
  }
  const out = new Map<string, DocumentNode>();
  for (const op of operations) {
    const name = op.name?.value;
    if (!name) throw new Error('rest-facade operations must be named');
    if (out.has(name)) throw new Error(`duplicate rest-facade operation ${name}`);
    const used = new Set<string>();
    const queue = spreadsOf(op);
    while (queue.length) {
      const n = queue.pop()!;
      if (used.has(n)) continue;
      used.add(n);
      const f = fragments.find((x) => x.name.value === n);
      if (f) queue.push(...spreadsOf(f));
    }
    const doc: DocumentNode = { kind: Kind.DOCUMENT, definitions: [op, ...fragments.filter((f) => used.has(f.name.value))] };
    const errors = validate(schema, doc);
    if (errors.length) throw new Error(`rest-facade operation ${name} does not match the schema: ${errors.map((e) => e.message).join('; ')}`);
    out.set(name, doc);
  }
  return out;
}
