import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type Page } from '../../common/pagination';

@ObjectType({ description: 'Cursor pagination state (Relay style).' })
export class PageInfo {
  @Field({ description: 'true when more nodes follow this page: ask again with after = endCursor.' }) hasNextPage!: boolean;
  @Field({ description: 'true when nodes precede this page: ask again with last and before = startCursor.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'The cursor of the first node of this page, to pass as `before`. null when the page is empty.' })
  startCursor!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The cursor of the last node of this page, to pass as `after`. null when the page is empty.',
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
    @Field(() => PageInfo, { description: 'Whether more pages follow or precede, and the cursors to read them.' }) pageInfo!: PageInfo;
    @Field(() => Int, { description: 'How many nodes the whole list has (with its filters), whatever the page; counted only when asked for.' })
    totalCount!: number;
  }
  return ConnectionClass;
}

export function toConnection<T extends { id: string | number }>(page: Page<T>) {
  const count = page.totalCount ?? (() => Promise.resolve(page.nodes.length));
  const cursorOf = page.cursorOf ?? ((node: T) => encodeCursor(String(node.id)));
  return {
    edges: page.nodes.map((node) => ({ cursor: cursorOf(node), node })),
    nodes: page.nodes,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage ?? false,
      startCursor: page.startCursor ?? (page.nodes.length ? cursorOf(page.nodes[0]) : null),
      endCursor: page.endCursor,
    },
    // A getter: the count statement runs only when the selection asks for totalCount.
    get totalCount() {
      return count();
    },
  };
}
