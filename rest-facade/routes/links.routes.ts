import { CreateLinkBody, DeleteLinkBody, LinksQuery, RenameLinkBody } from '../../src/validation/schemas/links.schemas';
import { field } from '../body';
import { pick, route, type RestRoute } from '../route';

/** Spec 4.3. */
export const linkRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/links',
    id: 'listLinks',
    summary: 'List affiliate links',
    description:
      'Every link of the program, or those matching `id`, `link` (slug), `affiliateId` or `affiliateEmail`, each with its click, referral and sale counts, revenue, full URLs and tracking URL. One array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).',
    query: LinksQuery,
    operation: 'LinkList',
    variables: (q) => ({ filter: pick(q, ['id', 'link', 'affiliateId', 'affiliateEmail']) }),
    list: 'links',
  }),
  route({
    method: 'POST',
    path: '/links',
    id: 'createLink',
    summary: 'Create a link for an affiliate',
    description:
      'Creates the slug `link` (letters, numbers and hyphens; unique in the program) for the affiliate named by `affiliateId` or `affiliateEmail`, with zero counters and its full URLs; fires `affiliate.updated` for the owner. 400 when the slug is missing, malformed or taken, or no affiliate of the program is named.',
    body: CreateLinkBody,
    operation: 'LinkCreate',
    variables: (b) => ({ input: b }),
    response: field('createLink'),
    example: { link: 'ada-spring', affiliateEmail: 'ada@example.com' },
  }),
  route({
    method: 'PUT',
    path: '/links',
    id: 'renameLink',
    summary: 'Rename a link',
    description:
      'Gives the link named by `id` or `link` the slug `newLink` and regenerates its full URLs; fires `affiliate.updated`. 400 when `newLink` is missing, malformed or taken, or neither identifier is sent; 404 when no link matches.',
    body: RenameLinkBody,
    operation: 'LinkRename',
    variables: (b) => ({ input: b }),
    response: field('renameLink'),
    example: { link: 'ada-spring', newLink: 'ada-summer' },
  }),
  route({
    method: 'DELETE',
    path: '/links',
    id: 'deleteLink',
    summary: 'Delete a link',
    description:
      'Deletes the link named by `id` or `link` (its clicks go with it; sales and referrals keep their record without the link) and fires `affiliate.updated` for the former owner. 404 when no link matches.',
    body: DeleteLinkBody,
    operation: 'LinkDelete',
    variables: (b) => ({ input: b }),
    response: field('deleteLink'),
    example: { link: 'ada-summer' },
  }),
];
