/**
 * src/modules/emails/email-layout.generated.ts is MJML's output for email-layout.mjml (`npm run emails:layout`):
 * this fails when the committed file is not what the command writes now, so the layout's source and the HTML the
 * server sends cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMAND, layoutModule, TARGET } from '../../scripts/email-layout';
import { repositoryRoot } from '../../scripts/docs-reference';
import { EMAIL_LAYOUTS } from '../../src/modules/emails/email-layout.generated';

const root = repositoryRoot(__dirname);

test('the committed layout is what `npm run emails:layout` writes', async () => {
  const want = await layoutModule(root);
  const have = readFileSync(path.join(root, TARGET), 'utf8');
  if (have !== want) throw new Error(`${TARGET} is stale: run \`${COMMAND}\` and commit the result`);
});

test('both layouts have every value mark; only the action layout has the button', () => {
  const marks = (html: string) => [...new Set(html.match(/\{\{\w+\}\}/g))].sort();
  expect(marks(EMAIL_LAYOUTS.plain)).toEqual(['{{content}}', '{{footer}}', '{{preview}}', '{{program}}', '{{title}}']);
  expect(marks(EMAIL_LAYOUTS.action)).toEqual([...marks(EMAIL_LAYOUTS.plain), '{{actionLabel}}', '{{actionLink}}', '{{actionUrl}}'].sort());
});
