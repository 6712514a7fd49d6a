import { ArgsType, Field, ID, Int } from 'type-graphql';
import { PROGRAM_ARG } from './descriptions';

@ArgsType()
export class ProgramArg {
  @Field(() => ID, { nullable: true, description: PROGRAM_ARG }) programId?: string | null;
}

@ArgsType()
export class PageArgsType {
  @Field(() => Int, { nullable: true, description: 'Page size reading forward, 1 to 500 (default 50). Not with last.' }) first?: number | null;
  @Field(() => String, {
    nullable: true,
    description: "Cursor: continue after this one (a node's cursor or pageInfo.endCursor of the page before). Omitted: the first page.",
  })
  after?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Page size reading backward, 1 to 500: the last nodes (before `before` when given), in list order. Not with first.',
  })
  last?: number | null;
  @Field(() => String, {
    nullable: true,
    description: "Cursor: the page ends before this one (a node's cursor or pageInfo.startCursor of the page after); with last, read backward from it.",
  })
  before?: string | null;
}

@ArgsType()
export class ProgramPageArgs extends PageArgsType {
  @Field(() => ID, { nullable: true, description: PROGRAM_ARG }) programId?: string | null;
}
