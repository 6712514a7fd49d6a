import { RecordClickBody } from '../../src/validation/schemas/clicks.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

/** Click tracking from a program's own server (the public redirect is GET /r/:slug). */
export const clickRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/clicks',
    id: 'recordClick',
    summary: 'Record a click on a link from your own server',
    description:
      "For sites that resolve `?ref=<slug>` themselves: records a click on the link `link` with the visitor's referrer, user agent, address and landing URL, and answers the click, whose `id` you pass to `POST /referrals` as `affiliateId`. Repeated clicks by one visitor on one link within 30 minutes count once.",
    body: RecordClickBody,
    operation: 'ClickRecord',
    variables: (b) => ({ input: b }),
    response: field('recordClick'),
    example: {
      link: 'ada',
      referrer: 'https://blog.example.com/post',
      userAgent: 'Mozilla/5.0',
      ip: '203.0.113.7',
      landingUrl: 'https://example.com/?ref=ada',
    },
  }),
];
