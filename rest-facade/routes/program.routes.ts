import { NO_PARAMS } from '../../src/validation/schemas/paging.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

/** The credential's program: what an automation partner shows as the account it connected. */
export const programRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/program',
    id: 'getProgram',
    summary: 'The connected program',
    description:
      "The program this API key or partner token reaches: its `id`, `name`, `domain` and `logoUrl` (an automation partner's connection test and account label).",
    query: NO_PARAMS,
    operation: 'ProgramProfile',
    variables: () => ({}),
    response: field('program'),
  }),
];
