import { Body, Nullable, RequiredText, Text, type Input } from '../kit';
import { LINK_ORDER_FIELDS } from '../enums';
import { CREATED_RANGE, ListOrderArg, SEARCH } from './list.schemas';
import { PAGE_PARAMS } from './paging.schemas';

/** GraphQL LinkFilterInput: all given filters must match. */
export const LinkFilter = Body({
  id: Nullable(Text(200)),
  link: Nullable(Text(200)),
  affiliateId: Nullable(Text(200)),
  affiliateEmail: Nullable(Text(254)),
});
export type LinkFilter = Input<typeof LinkFilter>;

/** GraphQL LinkFilterInput: the REST filters, a search and a creation range. */
export const LinkListFilter = Body({ ...LinkFilter.properties, ...SEARCH, ...CREATED_RANGE });
export type LinkListFilter = Input<typeof LinkListFilter>;

/** GraphQL `links(filter, orderBy)` (paging and programId apart). */
export const LinkListArgs = Body({ filter: Nullable(LinkListFilter), orderBy: ListOrderArg(LINK_ORDER_FIELDS) });
export type LinkListArgs = Input<typeof LinkListArgs>;

/** GET /links. */
export const LinksQuery = Body({ ...LinkFilter.properties, ...PAGE_PARAMS });
export type LinksQuery = Input<typeof LinksQuery>;

/** POST /links, GraphQL CreateLinkInput. */
export const CreateLinkBody = Body({ link: RequiredText(200), affiliateId: Nullable(Text(200)), affiliateEmail: Nullable(Text(254)) });
export type CreateLinkBody = Input<typeof CreateLinkBody>;

/** PUT /links, GraphQL RenameLinkInput: the link by id or current slug. */
export const RenameLinkBody = Body({ id: Nullable(Text(200)), link: Nullable(Text(200)), newLink: RequiredText(200) });
export type RenameLinkBody = Input<typeof RenameLinkBody>;

/** DELETE /links, GraphQL DeleteLinkInput. */
export const DeleteLinkBody = Body({ id: Nullable(Text(200)), link: Nullable(Text(200)) });
export type DeleteLinkBody = Input<typeof DeleteLinkBody>;
