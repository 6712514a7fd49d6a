import type { RestRoute } from '../route';

/** Click tracking from a program's own server (the public redirect is GET /r/:slug). */
export const clickRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/clicks',
    fields: {
      link: { type: 'string', required: true, max: 200 },
      referrer: { type: 'string', max: 2000 },
      userAgent: { type: 'string', max: 1000 },
      ip: { type: 'string', max: 100 },
      landingUrl: { type: 'string', max: 2000 },
    },
    operation: 'ClickRecord',
    variables: (b) => ({ input: b }),
    response: (d) => d.recordClick,
  },
];
