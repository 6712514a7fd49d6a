import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../common/logger';
import type { Metrics } from './metrics';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
  interface Locals {
    /** Route label for logs and metrics, e.g. "GET /api/v1/affiliates". */
    route?: string;
  }
}

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id (echoed as X-Request-Id), a child logger carrying it, and one log line and metric per request. */
export function requestContext(log: Logger, metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.log = log.child({ reqId: req.id });
    res.setHeader('X-Request-Id', req.id);
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = res.locals.route ?? (req.route?.path ? `${req.method} ${req.baseUrl}${req.route.path}` : 'unmatched');
      metrics.observe(route, req.method, res.statusCode, seconds);
      // The route, not the URL: query strings and path parameters carry emails, names, slugs and codes, and logs
      // hold no request values (an unmatched request's path is anyone's text: not logged either).
      req.log.info({ method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1e4) / 10 }, 'request');
    });
    next();
  };
}
