import { PublicClickBody, RecordClickBody } from '../../src/validation/schemas/clicks.schemas';
import { field } from '../body';
import { route, type RestRoute } from '../route';

/** Click tracking from a program's own server, and from visitors' browsers on its site (the public redirect is GET /r/:slug). */
export const clickRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/clicks',
    id: 'recordClick',
    summary: 'Record a click on a link from your own server',
    description:
      "For sites that resolve `?ref=<slug>` themselves: records a click on the link `link` with the visitor's referrer, user agent, address and landing URL, and answers the click, whose `id` you pass to `POST /referrals` as `affiliateId`. Repeated clicks by one visitor on one link within 30 minutes count once. A known robot's `userAgent` (crawlers, link previewers) records and counts nothing, as `/r/...` and `POST /public/clicks` do: the answer has `id: null`.",
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
  route({
    method: 'POST',
    path: '/public/clicks',
    id: 'recordPublicClick',
    summary: "Record a click from a visitor's browser on your site (tracker.js)",
    description: [
      "What `<PUBLIC_URL>/tracker.js` calls from a page of your site whose URL carries `?ref=<slug>`; you do not call it yourself. Authenticated by the program's **publishable key** (`pk_…`, GraphQL `Program.publishableKey`): in the query string as `?key=pk_…` (what the script sends, so that the browser's CORS preflight names the program) or as `Authorization: Bearer pk_…`. The key is public (it is in your pages) and opens nothing else: as a bearer anywhere else it is 401.",
      "CORS: only pages on the origins of the program's base URLs may call it. The preflight (`OPTIONS`) is answered with `Access-Control-Allow-Origin` echoing such an origin; a call from any other origin is answered 403 without it and records nothing. A call without an `Origin` header (not from a browser page) needs no CORS answer.",
      "With `clickId` (the `click_id` a link's `trackingUrl` added) that click is the answer and nothing is counted again, when it is the link's and from the last 30 minutes; otherwise the visit is counted once per visitor (client address and User-Agent) and link per 30 minutes. Known robots (crawlers, link previewers) get `clickId: null` and count nothing. At most `CLICKS_PER_MINUTE` calls per client address per minute.",
      "The answer carries the program's `cookieWindowDays` and `attributionModel`: the script keeps `clickId` in a first-party cookie `aff_ref` for that many days, and under `first_click` does not replace a click it already keeps.",
    ].join('\n\n'),
    body: PublicClickBody,
    operation: 'PublicClickRecord',
    variables: (b) => ({ input: b }),
    response: field('recordPublicClick'),
    example: { ref: 'ada', clickId: '1042', landingUrl: 'https://example.com/pricing?ref=ada&click_id=1042', referrer: 'https://blog.example.com/post' },
  }),
];
