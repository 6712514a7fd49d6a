/** Answers of the APIs hold account data: never stored by caches, never sniffed as another type. */
export const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;
