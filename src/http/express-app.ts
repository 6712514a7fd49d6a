import express, { type Express } from 'express';
import type { AppConfig } from '../config/config';

/** An Express app with the settings every answer relies on, before any middleware. */
export function newExpressApp(config: Pick<AppConfig, 'trustProxy'>): Express {
  const app = express();
  app.disable('x-powered-by');
  // No generated ETags: API answers are `no-store` and must never come back as a 304 the document does not
  // list; the static /docs assets set their own.
  app.set('etag', false);
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; otherwise one client could spread
  // itself over any number of rate-limit keys and click identities.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  return app;
}
