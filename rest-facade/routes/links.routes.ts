import { CreateLinkBody, DeleteLinkBody, LinksQuery, RenameLinkBody } from '../../src/validation/schemas/links.schemas';
import { pick, route, type Connection, type RestRoute } from '../route';

/** Spec 4.3. */
export const linkRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/links',
    query: LinksQuery,
    operation: 'LinkList',
    variables: (q) => ({ filter: pick(q, ['id', 'link', 'affiliateId', 'affiliateEmail']) }),
    list: (d) => d.links as Connection,
  }),
  route({
    method: 'POST',
    path: '/links',
    body: CreateLinkBody,
    operation: 'LinkCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createLink,
  }),
  route({
    method: 'PUT',
    path: '/links',
    body: RenameLinkBody,
    operation: 'LinkRename',
    variables: (b) => ({ input: b }),
    response: (d) => d.renameLink,
  }),
  route({
    method: 'DELETE',
    path: '/links',
    body: DeleteLinkBody,
    operation: 'LinkDelete',
    variables: (b) => ({ input: b }),
    response: (d) => d.deleteLink,
  }),
];
