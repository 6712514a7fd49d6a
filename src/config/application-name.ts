/** Every connection of the app names itself (pg_stat_activity, server logs); the test suite's statement recorder keys on it. */
export const APPLICATION_NAME = 'affiliate-api';
