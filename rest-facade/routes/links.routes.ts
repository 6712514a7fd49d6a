import { PAGE_FIELDS, pick, type Connection, type RestRoute } from '../route';

/** Spec 4.3. */
export const linkRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/links',
    fields: { id: { type: 'string', max: 200 }, link: { type: 'string', max: 200 }, affiliateId: { type: 'string', max: 200 }, affiliateEmail: { type: 'string', max: 254 }, ...PAGE_FIELDS },
    operation: 'LinkList',
    variables: (q) => ({ filter: pick(q, ['id', 'link', 'affiliateId', 'affiliateEmail']) }),
    list: (d) => d.links as Connection,
  },
  {
    method: 'POST',
    path: '/links',
    fields: { link: { type: 'string', required: true, max: 200 }, affiliateId: { type: 'string', max: 200 }, affiliateEmail: { type: 'string', max: 254 } },
    operation: 'LinkCreate',
    variables: (b) => ({ input: b }),
    response: (d) => d.createLink,
  },
  {
    method: 'PUT',
    path: '/links',
    fields: { id: { type: 'string', max: 200 }, link: { type: 'string', max: 200 }, newLink: { type: 'string', required: true, max: 200 } },
    operation: 'LinkRename',
    variables: (b) => ({ input: b }),
    response: (d) => d.renameLink,
  },
  {
    method: 'DELETE',
    path: '/links',
    fields: { id: { type: 'string', max: 200 }, link: { type: 'string', max: 200 } },
    operation: 'LinkDelete',
    variables: (b) => ({ input: b }),
    response: (d) => d.deleteLink,
  },
];
