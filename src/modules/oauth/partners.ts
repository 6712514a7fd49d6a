import { randomBytes } from 'node:crypto';
import { sameSecret } from '../../common/ids';
import type { AppConfig, OAuthPartnerConfig } from '../../config/config';

/**
 * A partner's OAuth URLs under the public origin. Each partner is an authorization server of its own (its own
 * authorize and token URL), so its issuer is `<origin>/<name>` and its metadata is at
 * `/.well-known/oauth-authorization-server/<name>` (RFC 8414 §3); the consent page answers that issuer as
 * `iss` (RFC 9207).
 */
export function partnerUrls(origin: string, name: string): { issuer: string; authorize: string; token: string } {
  const n = encodeURIComponent(name);
  return { issuer: `${origin}/${n}`, authorize: `${origin}/connect/${n}/choose-affiliate-program`, token: `${origin}/api/${n}/token` };
}

/** The configured automation partners (OAUTH_PARTNERS), with a development partner when none is configured. */
export class PartnerRegistry {
  readonly partners: ReadonlyMap<string, OAuthPartnerConfig>;
  /** Set when the development partner was generated, so the server can print its secret. */
  readonly generated: OAuthPartnerConfig | undefined;

  constructor(config: Pick<AppConfig, 'oauthPartners' | 'env' | 'port'>) {
    let list = config.oauthPartners;
    if (!list.length && config.env !== 'production') {
      this.generated = {
        name: 'zapier',
        clientId: 'zapier-dev',
        clientSecret: randomBytes(24).toString('base64url'),
        redirectUris: ['http://localhost:8976/callback', 'http://127.0.0.1:8976/callback'],
      };
      list = [this.generated];
    }
    for (const p of list) {
      if (!p?.name || !p.clientId || !p.clientSecret || !Array.isArray(p.redirectUris) || !p.redirectUris.length) {
        throw new Error('each OAUTH_PARTNERS entry needs name, clientId, clientSecret and a non-empty redirectUris');
      }
    }
    this.partners = new Map(list.map((p) => [p.name, p]));
  }

  get(name: string): OAuthPartnerConfig | undefined {
    return this.partners.get(name);
  }

  /** Exact string match (RFC 9700): no prefix, no normalisation, no wildcard. */
  allowsRedirect(partner: OAuthPartnerConfig, uri: string): boolean {
    return partner.redirectUris.includes(uri);
  }

  checkClient(partner: OAuthPartnerConfig, clientId: string | undefined, clientSecret: string | undefined): boolean {
    if (clientId !== undefined && clientId !== partner.clientId) return false;
    return clientSecret === undefined || sameSecret(clientSecret, partner.clientSecret);
  }
}
