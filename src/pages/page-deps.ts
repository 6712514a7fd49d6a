import type { MikroORM } from '@mikro-orm/postgresql';
import type { PartnerRegistry } from '../modules/oauth/partners';
import type { Services } from '../modules/services';
import type { RequireUser } from './page-user';

/** What the page modules take from the pages router; each uses the part it needs. */
export interface PageDeps {
  orm: MikroORM;
  services: Services;
  partners: PartnerRegistry;
  /** The public origin: the tracker tag and the OAuth issuer are named under it. */
  origin: string;
  requireUser: RequireUser;
}
