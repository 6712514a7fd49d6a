import { ArgsType, Field, ID, Int } from 'type-graphql';

@ArgsType()
export class ProgramArg {
  @Field(() => ID, { nullable: true, description: 'Needed with a dashboard session; an API key implies its program.' }) programId?: string | null;
}

@ArgsType()
export class PageArgsType {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 500 (default 50).' }) first?: number | null;
  @Field(() => String, { nullable: true, description: 'Cursor: continue after this one.' }) after?: string | null;
}

@ArgsType()
export class ProgramPageArgs extends PageArgsType {
  @Field(() => ID, { nullable: true, description: 'Needed with a dashboard session; an API key implies its program.' }) programId?: string | null;
}
