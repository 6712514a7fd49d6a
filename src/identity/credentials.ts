/**
 * Bearer token formats: the prefix tells which table to look in, so one indexed lookup authenticates. A
 * publishable key (`pk_`) is public and only records clicks from the merchant's site (POST /api/v1/public/clicks);
 * anywhere else it is refused (src/auth/authenticate.ts).
 */
export const TOKEN_PREFIX = { apiKey: 'apk_', session: 'ses_', oauth: 'oat_', publishableKey: 'pk_' } as const;

export type TokenKind = keyof typeof TOKEN_PREFIX;

export function tokenKind(token: string): TokenKind | undefined {
  for (const [kind, prefix] of Object.entries(TOKEN_PREFIX)) if (token.startsWith(prefix)) return kind as TokenKind;
  return undefined;
}

/** Parses `Authorization: Bearer <token>`; undefined when absent, null when malformed. */
export function parseBearer(header: string | undefined): string | undefined | null {
  if (header === undefined || header === '') return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]{8,512})\s*$/i.exec(header);
  return m ? m[1] : null;
}
