/** What other domains may ask of the OAuth connections (db/rows explains why lookups live in queries). */
export { lockLiveConnection } from './oauth.queries';
