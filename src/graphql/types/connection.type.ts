import { Field, ObjectType, type ClassType } from 'type-graphql';
import { encodeCursor, type Page } from '../../common/pagination';

@ObjectType({ description: 'Cursor pagination state (Relay style).' })
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

/** A Relay-style connection type for `Node`, named `<name>Connection`. */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field() cursor!: string;
    @Field(() => Node) node!: T;
  }
  @ObjectType(`${name}Connection`)
  class ConnectionClass {
    @Field(() => [Edge]) edges!: Edge[];
    @Field(() => [Node], { description: 'The nodes of the edges, for clients that do not need cursors per node.' }) nodes!: T[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
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
