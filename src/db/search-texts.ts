/**
 * The text each list searches (ListQuery.search), written exactly as the trigram indexes of
 * Migration20261125020000_list_search index it so the planner uses them; `t` is the table's alias.
 */
export const SEARCH_TEXT = {
  /** An affiliate's first name, last name and email (affiliates_search_idx). */
  affiliate: (t: string) => `(${t}.first_name || ' ' || ${t}.last_name || ' ' || ${t}.email)`,
  /** A referred customer's or a sale's name and email (referrals_search_idx, sales_search_idx). */
  customer: (t: string) => `(${t}.name || ' ' || ${t}.email)`,
  /** A link's slug (affiliate_links_search_idx). */
  link: (t: string) => `${t}.link`,
};
