import express, { type NextFunction, type Request, type Response } from 'express';
import { assertNoNul } from '../src/common/nul';
import { admitCaller, claimIdempotencyKey } from './admission';
import { describeApi } from './api-description';
import { loadOperations } from './documents';
import { restErrorHandler } from './error-handler';
import type { FacadeDeps } from './facade-deps';
import { facadeLocals } from './facade-locals';
import { operationRunner, routeHandler } from './route-handler';
import { checkRouteTable, restRoutes } from './route-table';
import { compileSerializers } from './serializers';
import { answerUnmatched } from './unmatched';

export { restRoutes, routeKey } from './route-table';

/**
 * The REST contract as a thin layer: admit (authenticate, rate-limit, authorize, claim the Idempotency-Key),
 * handle (validate, run the route's named GraphQL operation in-process with the request's context, map the
 * result) and write the answer. No HTTP loopback, no built query strings.
 */
export function restFacade(deps: FacadeDeps): express.Router {
  const operations = loadOperations(deps.schema);
  checkRouteTable();
  // The 200 bodies from the operations' selections (a route naming an unknown operation stops the start),
  // their serializers, and the document built from the same schemas.
  const api = describeApi(restRoutes, deps.schema, operations);
  const serializers = new Map(restRoutes.map((r, i) => [r, compileSerializers(api.answers[i])]));
  const document = JSON.stringify(api.document(deps.origin, deps.partnerNames));
  const run = operationRunner(deps, operations);
  // The route the policy authorized is the one that runs: one lookup (exact path, HEAD as GET; templates only
  // when no exact path matches), not a walk through a layer per route whose matching (case-insensitive) could
  // differ from the policy's.
  const handlers = new Map(restRoutes.map((r) => [r, routeHandler(deps, run, r, serializers.get(r)!)]));

  const router = express.Router();
  router.get('/openapi.json', (req: Request, res: Response) => {
    res.locals.route = 'GET /api/v1/openapi.json';
    res.type('application/json').send(document);
  });
  router.use(admitCaller(deps));
  // JSON whatever the Content-Type says: a `curl -d` without -H must not silently lose its body.
  router.use(express.json({ limit: deps.bodyLimitBytes, strict: false, type: () => true }));
  // U+0000 cannot be stored in PostgreSQL text: a 400 here, before an idempotency key is claimed or a statement runs.
  router.use((req: Request, res: Response, next: NextFunction) => {
    assertNoNul(facadeLocals(res).pathParams, req.query, req.body);
    next();
  });
  router.use(claimIdempotencyKey(deps.idempotency));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const route = facadeLocals(res).restRoute;
    return route ? handlers.get(route)!(req, res) : next();
  });
  router.use(answerUnmatched(restRoutes));
  router.use(restErrorHandler);
  return router;
}
