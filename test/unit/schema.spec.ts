import fs from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../../src/graphql/print-schema';

test('schema.graphql is the printed schema of the code (run `npm run schema` after changing resolvers)', async () => {
  const committed = fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8');
  expect(await printedSchema()).toBe(committed);
});

test('the provisioning operations other tools rely on exist with these names', async () => {
  const s = await printedSchema();
  for (const m of ['signUp(', 'signIn(', 'createProgram(', 'updateProgram(', 'createApiKey(', 'revokeApiKey(']) expect(s).toContain(`  ${m}`);
  for (const q of ['programs: [Program!]!', 'apiKeys(programId: ID!): [ApiKey!]!']) expect(s).toContain(`  ${q}`);
});
