/**
 * The affiliates' portal settings of a program over GraphQL (DESIGN.md "The affiliates' own portal"): portalSlug
 * (made from the name when not given, kept lowercase, unique across programs), portalEnabled, portalSignupOpen,
 * portalTerms, and Program.portalUrl (<PUBLIC_URL>/portal/<portalSlug>). Written by createProgram and
 * updateProgram (a dashboard session), checked at the edge and by the program rules; read by a session or an API
 * key, never by a partner token (they are program settings).
 */
import { useTestServer } from '../../helpers/harness';
import { createPartnerToken, createProgram, type ProgramFixture } from '../../helpers/factories';
import { uniq } from '../../helpers/spec-client';
import { dataOf, errorCodeOf, gqlDocument, type GraphQLErrorBody } from '../../helpers/graphql/typed-document';

const server = useTestServer();

interface PortalSettings {
  id: string;
  name: string;
  portalSlug: string;
  portalEnabled: boolean;
  portalSignupOpen: boolean;
  portalTerms: string | null;
  portalUrl: string;
}
type PortalInput = Partial<Record<'name' | 'portalSlug' | 'portalTerms', string | null> & Record<'portalEnabled' | 'portalSignupOpen', boolean | null>>;

const FIELDS = 'id name portalSlug portalEnabled portalSignupOpen portalTerms portalUrl';
const PROGRAM = gqlDocument<{ program: PortalSettings }, { id: string }>(`query($id: ID) { program(id: $id) { ${FIELDS} } }`);
const CREATE = gqlDocument<{ createProgram: PortalSettings }, { input: PortalInput }>(
  `mutation($input: ProgramInput!) { createProgram(input: $input) { ${FIELDS} } }`,
);
const UPDATE = gqlDocument<{ updateProgram: PortalSettings }, { id: string; input: PortalInput }>(
  `mutation($id: ID!, $input: ProgramInput!) { updateProgram(id: $id, input: $input) { ${FIELDS} } }`,
);

const portalUrlOf = (slug: string) => `${server.url}/portal/${slug}`;
const update = (p: ProgramFixture, input: PortalInput) => server.graphql(UPDATE, { id: p.programId, input }, p.session);
const read = async (p: ProgramFixture, token = p.session) => dataOf(await server.graphql(PROGRAM, { id: p.programId }, token)).program;
/** The one error of a refused answer: its code and the fields its details name. */
const refusal = (res: { body: { data?: unknown; errors?: GraphQLErrorBody[] } }) => ({
  code: errorCodeOf(res),
  fields: ((res.body.errors?.[0]?.extensions?.details ?? []) as Array<{ field: string }>).map((d) => d.field),
  data: res.body.data ?? null,
});

describe('reading the portal settings', () => {
  test('a new program has a portal at a slug made from its name, open, taking applications, without terms', async () => {
    const p = await createProgram(server, { name: `Café Ümlaut & Co ${uniq()}` });
    const program = await read(p);
    expect(program.portalSlug).toMatch(/^cafe-umlaut-co-[a-z0-9-]+$/);
    expect(program).toEqual({
      id: p.programId,
      name: expect.any(String),
      portalSlug: program.portalSlug,
      portalEnabled: true,
      portalSignupOpen: true,
      portalTerms: null,
      portalUrl: portalUrlOf(program.portalSlug),
    });
  });

  test('two programs of the same name get different slugs', async () => {
    const name = `Twin Shop ${uniq()}`;
    const a = await read(await createProgram(server, { name }));
    const b = await read(await createProgram(server, { name }));
    expect(b.portalSlug).not.toBe(a.portalSlug);
    expect(b.portalSlug.startsWith(a.portalSlug)).toBe(true);
  });

  test("an API key reads them (its program's settings); a partner token gets FORBIDDEN for each, and the profile fields still", async () => {
    const p = await createProgram(server);
    expect(await read(p, p.key)).toEqual(await read(p));
    const partner = await createPartnerToken(server, p);
    for (const field of ['portalSlug', 'portalEnabled', 'portalSignupOpen', 'portalTerms', 'portalUrl']) {
      const res = await server.graphql(`{ program { id ${field} } }`, {}, partner);
      expect({ field, codes: res.body.errors?.map((e) => e.extensions?.code) }).toEqual({ field, codes: ['FORBIDDEN'] });
      expect(res.text).not.toContain('/portal/');
    }
    expect((await server.graphql('{ program { id name domain logoUrl } }', {}, partner)).body.errors).toBeUndefined();
  });
});

describe('writing them', () => {
  test('createProgram takes all four; the slug is kept lowercase and portalUrl follows it', async () => {
    const slug = `My-Shop-${uniq()}`;
    const input = { name: 'Portal Shop', portalSlug: slug, portalEnabled: false, portalSignupOpen: false, portalTerms: '  Be nice.  ' };
    const made = dataOf(await server.graphql(CREATE, { input }, (await createProgram(server)).session)).createProgram;
    expect(made).toEqual({
      id: made.id,
      name: 'Portal Shop',
      portalSlug: slug.toLowerCase(),
      portalEnabled: false,
      portalSignupOpen: false,
      portalTerms: 'Be nice.',
      portalUrl: portalUrlOf(slug.toLowerCase()),
    });
  });

  test('updateProgram changes each setting, leaves the others as they are, and portalUrl follows a new slug', async () => {
    const p = await createProgram(server);
    const before = await read(p);
    const slug = `renamed-${uniq()}`;
    expect(dataOf(await update(p, { portalSlug: slug })).updateProgram).toEqual({ ...before, portalSlug: slug, portalUrl: portalUrlOf(slug) });
    expect(dataOf(await update(p, { portalEnabled: false })).updateProgram.portalEnabled).toBe(false);
    expect(dataOf(await update(p, { portalSignupOpen: false })).updateProgram.portalSignupOpen).toBe(false);
    const terms = 'x'.repeat(5000);
    expect(dataOf(await update(p, { portalTerms: terms })).updateProgram.portalTerms).toBe(terms);
    expect(await read(p)).toEqual({
      ...before,
      portalSlug: slug,
      portalUrl: portalUrlOf(slug),
      portalEnabled: false,
      portalSignupOpen: false,
      portalTerms: terms,
    });
    // Booleans left out or null stay as they are; the terms are cleared by '' and by null.
    expect(dataOf(await update(p, { portalEnabled: null, portalTerms: '' })).updateProgram).toMatchObject({ portalEnabled: false, portalTerms: null });
    await update(p, { portalTerms: 'Again' });
    expect(dataOf(await update(p, { portalTerms: null, portalEnabled: true })).updateProgram).toMatchObject({ portalEnabled: true, portalTerms: null });
  });

  test('a taken slug is DUPLICATE naming portalSlug, in any case, on update and on creation; nothing changes', async () => {
    const taken = (await read(await createProgram(server))).portalSlug;
    const p = await createProgram(server);
    const before = await read(p);
    for (const slug of [taken, taken.toUpperCase()]) {
      expect(refusal(await update(p, { portalSlug: slug, portalTerms: 'Changed' }))).toEqual({ code: 'DUPLICATE', fields: ['portalSlug'], data: null });
    }
    expect(await read(p)).toEqual(before);
    const created = await server.graphql(CREATE, { input: { name: 'Copycat', portalSlug: taken } }, p.session);
    expect(refusal(created)).toEqual({ code: 'DUPLICATE', fields: ['portalSlug'], data: null });
    // Its own slug again is no change, not a duplicate.
    expect(dataOf(await update(p, { portalSlug: before.portalSlug })).updateProgram).toEqual(before);
  });

  test.each([
    ['one character', 'a'],
    ['61 characters', 'a'.repeat(61)],
    ['a space', 'my shop'],
    ['an underscore', 'my_shop'],
    ['a leading hyphen', '-shop'],
    ['a trailing hyphen', 'shop-'],
    ['two hyphens in a row', 'my--shop'],
    ['a slash', 'my/shop'],
    ['letters outside a-z', 'café'],
    ['an empty string', ''],
    ['null (it cannot be cleared)', null],
  ])('a portalSlug with %s is VALIDATION_FAILED naming portalSlug; nothing changes', async (_what, portalSlug) => {
    const p = await createProgram(server);
    const before = await read(p);
    expect(refusal(await update(p, { portalSlug, portalEnabled: false }))).toEqual({ code: 'VALIDATION_FAILED', fields: ['portalSlug'], data: null });
    expect(await read(p)).toEqual(before);
  });

  test('portalTerms of more than 5000 characters and non-boolean flags are VALIDATION_FAILED naming the field', async () => {
    const p = await createProgram(server);
    const before = await read(p);
    expect(refusal(await update(p, { portalTerms: 'x'.repeat(5001) }))).toEqual({ code: 'VALIDATION_FAILED', fields: ['portalTerms'], data: null });
    const res = await server.graphql(`mutation($id: ID!) { updateProgram(id: $id, input: { portalEnabled: "yes" }) { id } }`, { id: p.programId }, p.session);
    expect(errorCodeOf(res)).toBe('VALIDATION_FAILED');
    expect(await read(p)).toEqual(before);
  });

  test('an API key or a partner token may not change them (program settings): FORBIDDEN, nothing changes', async () => {
    const p = await createProgram(server);
    const before = await read(p);
    const partner = await createPartnerToken(server, p);
    for (const token of [p.key, partner]) {
      const res = await server.graphql(UPDATE, { id: p.programId, input: { portalEnabled: false, portalSlug: `x-${uniq()}` } }, token);
      expect(refusal(res)).toEqual({ code: 'FORBIDDEN', fields: [], data: null });
    }
    expect(await read(p)).toEqual(before);
  });
});
