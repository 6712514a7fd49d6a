// The TypeScript types of the REST API (test/helpers/openapi-types.ts) from an OpenAPI document, with
// openapi-typescript's Node API: `npm run openapi` writes the file with it, and test/unit/openapi-files.spec.ts
// runs it on the document built in-process to fail when the committed file is stale. One generator, so the
// two cannot disagree on options or header.
//
//   node test/helpers/generate-openapi-types.mjs <document.json | -> [output.ts]   (- = stdin; no output = stdout)
//
// ESM on purpose: openapi-typescript's dependencies are ES modules, which Jest's module system (CommonJS, no
// --experimental-vm-modules) cannot load, so the spec runs this file in a child Node process.
import fs from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export const HEADER =
  '// Generated from openapi.json (GET /api/v1/openapi.json) by `npm run openapi` with openapi-typescript.\n' +
  '// Do not edit: run `npm run openapi` after changing a route; test/unit/openapi-files.spec.ts fails when it is stale.\n\n';

/** The types of `document` (an OpenAPI object), header included. */
export async function openApiTypes(document) {
  return HEADER + astToString(await openapiTS(document));
}

const [input, output] = process.argv.slice(2);
if (!input) {
  console.error('usage: node test/helpers/generate-openapi-types.mjs <document.json | -> [output.ts]');
  process.exit(2);
}
const types = await openApiTypes(JSON.parse(fs.readFileSync(input === '-' ? 0 : input, 'utf8')));
// Written only once generated: a failed run leaves the committed file as it was.
if (output) fs.writeFileSync(output, types);
else process.stdout.write(types);
