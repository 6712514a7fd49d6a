import { describeApi } from '../../rest-facade/api-description';
import { loadOperations } from '../../rest-facade/documents';
import { restRoutes } from '../../rest-facade/router';
import { loadConfig, publicOrigin } from '../config/config';
import { getSchema } from '../graphql/schema';
import { PartnerRegistry } from '../modules/oauth/partners';

/**
 * The committed document's server: the default configuration's (an empty environment: PUBLIC_URL's default
 * origin, the development partner), whatever the shell that runs `npm run openapi` has set, so the file is
 * the same on every machine.
 */
const DEFAULTS = loadConfig({});
export const OPENAPI_SERVER_URL = `${publicOrigin(DEFAULTS)}/api/v1`;

/** The committed `openapi.json`: the document GET /api/v1/openapi.json serves by default, as pretty JSON. */
export async function printedOpenApi(): Promise<string> {
  const schema = await getSchema();
  const partners = [...new PartnerRegistry(DEFAULTS).partners.keys()];
  const document = describeApi(restRoutes, schema, loadOperations(schema)).document(publicOrigin(DEFAULTS), partners);
  return JSON.stringify(document, null, 2) + '\n';
}
