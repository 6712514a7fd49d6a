import fs from 'node:fs';
import path from 'node:path';
import type { GraphQLField } from 'graphql';
import { printedSchema } from '../../src/graphql/print-schema';
import { getSchema } from '../../src/graphql/schema';

/** A field as SDL on one line, without the descriptions that spread its arguments over several in the printed schema. */
const signature = (f: GraphQLField<unknown, unknown>) =>
  `${f.name}${f.args.length ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : ''}: ${String(f.type)}`;

test('schema.graphql is the printed schema of the code (run `npm run schema` after changing resolvers)', async () => {
  const committed = fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8');
  expect(await printedSchema()).toBe(committed);
});

test('the provisioning operations other tools rely on exist with these names', async () => {
  const s = await printedSchema();
  for (const m of ['signUp(', 'signIn(', 'createProgram(', 'updateProgram(', 'createApiKey(', 'revokeApiKey(']) expect(s).toContain(`  ${m}`);
  const query = (await getSchema()).getQueryType()!.getFields();
  for (const q of ['programs: [Program!]!', 'apiKeys(programId: ID!): [ApiKey!]!']) expect(signature(query[q.split(/[(:]/)[0]])).toBe(q);
});
