import { ArgsType, Field, ID, Int } from 'type-graphql';
import { PROGRAM_ARG } from './descriptions';

@ArgsType()
export class ProgramArg {
  @Field(() => ID, { nullable: true, description: PROGRAM_ARG }) programId?: string | null;
}

@ArgsType()
export class PageArgsType {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 500 (default 50).' }) first?: number | null;
  @Field(() => String, {
    nullable: true,
    description: "Cursor: continue after this one (a node's cursor or pageInfo.endCursor of the page before). Omitted: the first page.",
  })
  after?: string | null;
}

@ArgsType()
export class ProgramPageArgs extends PageArgsType {
  @Field(() => ID, { nullable: true, description: PROGRAM_ARG }) programId?: string | null;
}
