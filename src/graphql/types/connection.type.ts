import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type Page } from '../../common/pagination';

@ObjectType({ description: 'Cursor pagination state (Relay style).' })
export class PageInfo {
  @Field({ description: 'true when more nodes follow this page: ask again with after = endCursor.' }) hasNextPage!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'The cursor of the last node of this page, to pass as `after`. null when the page is empty (the event log repeats the `after` sent).',
  })
  endCursor!: string | null;
}

/** A Relay-style connection type for `Node`, named `<name>Connection`. */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with its cursor.` })
  class Edge {
    @Field({ description: `An opaque cursor: pass it as \`after\` to read on after this ${name}.` }) cursor!: string;
    @Field(() => Node, { description: `The ${name}.` }) node!: T;
  }
  @ObjectType(`${name}Connection`, { description: `One page of a list of ${name} records, in the order the list states.` })
  class ConnectionClass {
    @Field(() => [Edge], { description: 'The nodes of this page, each with its cursor.' }) edges!: Edge[];
    @Field(() => [Node], { description: 'The nodes of the edges, for clients that do not need cursors per node.' }) nodes!: T[];
    @Field(() => PageInfo, { description: 'Whether more pages follow, and the cursor to read the next one.' }) pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

export function toConnection<T extends { id: string | number }>(page: Page<T>) {
  return {
    edges: page.nodes.map((node) => ({ cursor: encodeCursor(String(node.id)), node })),
    nodes: page.nodes,
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}
