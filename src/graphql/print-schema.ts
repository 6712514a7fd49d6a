import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './schema';

/** The committed `schema.graphql`: the built schema, sorted so the diff of a change shows only the change. */
export async function printedSchema(): Promise<string> {
  const header = '# Generated from the type-graphql resolvers by `npm run schema`. Do not edit; a test fails when it drifts.\n\n';
  return header + printSchema(lexicographicSortSchema(await getSchema())) + '\n';
}
