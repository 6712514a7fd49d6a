import { RecordClickBody } from '../../src/validation/schemas/clicks.schemas';
import { route, type RestRoute } from '../route';

/** Click tracking from a program's own server (the public redirect is GET /r/:slug). */
export const clickRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/clicks',
    body: RecordClickBody,
    operation: 'ClickRecord',
    variables: (b) => ({ input: b }),
    response: (d) => d.recordClick,
  }),
];
