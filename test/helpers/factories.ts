import { randomBytes } from 'node:crypto';
import type { TestServer } from './server';

export interface ProgramFixture {
  programId: string;
  /** API key of the program. */
  key: string;
  /** Session token of the program's owner. */
  session: string;
  ownerEmail: string;
}

const uniq = () => randomBytes(4).toString('hex');

/** Signs a new user up and creates a program with an API key, all through the GraphQL API. */
export async function createProgram(server: TestServer, settings: Record<string, unknown> = {}): Promise<ProgramFixture> {
  const ownerEmail = `owner-${uniq()}@example.com`;
  const signUp = await server.graphql(
    `mutation($input: SignUpInput!) { signUp(input: $input) { token user { id email } } }`,
    { input: { email: ownerEmail, password: 'correct horse battery', name: 'Owner' } },
  );
  if (!signUp.body.data) throw new Error(`signUp failed: ${signUp.text}`);
  const session = signUp.body.data.signUp.token as string;
  const program = await server.graphql(
    `mutation($input: ProgramInput!) { createProgram(input: $input) { id } }`,
    { input: { name: `Program ${uniq()}`, baseUrls: ['https://shop.example.com', 'https://example.org/landing?src=aff'], ...settings } },
    session,
  );
  if (!program.body.data) throw new Error(`createProgram failed: ${program.text}`);
  const programId = program.body.data.createProgram.id as string;
  const key = await server.graphql(`mutation($p: ID!) { createApiKey(programId: $p, name: "tests") { key } }`, { p: programId }, session);
  if (!key.body.data) throw new Error(`createApiKey failed: ${key.text}`);
  return { programId, key: key.body.data.createApiKey.key, session, ownerEmail };
}

let seq = 0;
/** POST /affiliates with sensible defaults; throws unless it answers 200. */
export async function createAffiliate(server: TestServer, key: string, body: Record<string, unknown> = {}) {
  seq += 1;
  const res = await server.api('POST', '/affiliates', {
    token: key,
    body: { firstName: 'Ada', lastName: 'Lovelace', email: `ada${seq}-${uniq()}@example.com`, ...body },
  });
  if (res.status !== 200) throw new Error(`createAffiliate failed: ${res.status} ${res.text}`);
  return res.body;
}
