/**
 * Assembles the Fastify app: OpenAPI document and Swagger UI, CORS, the /api/v1 pipeline
 * (stats, faults, auth, rate limit), the routes, and one error handler writing one error body.
 */
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { LiveData } from './data/live.ts';
import type { Dataset } from './data/model.ts';
import { ApiError, badRequest, routeNotFound, serverError } from './http/errors.ts';
import type { FaultInjector } from './http/faults.ts';
import { DEMO_KEYS, urlWithoutKey, type Plan } from './http/auth.ts';
import { installPipeline, type PipelineContext } from './http/pipeline.ts';
import { sharedSchemas } from './http/schemas.ts';
import { exportRoutes } from './routes/export.ts';
import { indicatorRoutes } from './routes/indicators.ts';
import { metadataRoutes } from './routes/metadata.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { vietnamRoutes } from './routes/vietnam.ts';
import type { SandboxStats } from './http/stats.ts';

export interface AppParts extends PipelineContext {
  /** The object the routes read; `live` replaces its contents on a reload. */
  dataset: Dataset;
  live: LiveData;
  faults: FaultInjector;
  /** undefined: localhost origins; [] : CORS off; otherwise exact origins (or "*"). */
  corsOrigins: string[] | undefined;
  logger: boolean;
}

/** http(s)://localhost or 127.0.0.1, any port. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export async function createApp(parts: AppParts): Promise<FastifyInstance> {
  const app = Fastify({
    logger: parts.logger ? { serializers: { req: (req) => ({ method: req.method, url: urlWithoutKey(req.url, '[redacted]') }) } } : false,
    forceCloseConnections: true,
    // Long GSO codes and many parameters are fine; anything beyond this is not a real query.
    routerOptions: { maxParamLength: 500 },
    bodyLimit: 1_048_576,
    // The router's own refusals (a bad percent-encoding, an over-long path segment) get the one error body too.
    frameworkErrors: (error, _request, reply) => {
      const problem = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is longer than 500 characters' : 'the URL is not valid (check its percent-encoding)';
      void (reply as FastifyReply).code(400).send(badRequest(problem).toBody());
    },
  });

  // Parameters are checked by the routes (a 400 naming the parameter, in our words); the schemas
  // document them and serialize the answers.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  // An empty JSON body is "no body" (a POST /_sandbox/reset with a Content-Type), not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('the body is not valid JSON'), undefined);
    }
  });
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Economic Data Service (Econdata sandbox)',
        version: '1.0.0',
        description: [
          parts.dataset.demo
            ? '**Serving DEMO DATA (generated, not real numbers).**'
            : `Serving the data folder \`${parts.dataset.label}\`.`,
          'Every /api/v1 route needs a key: `Authorization: Bearer <key>` or `?api_key=<key>`. '
            + (hasDemoKeys(parts.keys)
              ? 'Demo keys: `sandbox-free` (WB, IMF), `sandbox-basic` (+ GSO), `sandbox-pro` and `sandbox-enterprise` (everything, trade and stocks too).'
              // Keys from --keys are secrets: the page never shows them.
              : 'This sandbox was started with its own keys (--keys); the demo keys do not work. Plans: Free = WB, IMF; Basic = + GSO; Pro and Enterprise = everything, trade and stocks too.'),
          'Rate limits per plan (rolling windows): Free 10/min 100/day, Basic 60/1,000, Pro 300/10,000, Enterprise unlimited.',
          'Every error has the body `ErrorResponse`.',
        ].join('\n\n'),
      },
      servers: [],
      tags: [
        { name: 'Indicators', description: 'Indicator time series from WB, IMF and GSO' },
        { name: 'Vietnam', description: 'Vietnam customs trade and stock market data' },
        { name: 'Metadata', description: 'Sources, indicators and countries' },
        { name: 'Exports', description: 'CSV and Excel files' },
        { name: 'Sandbox', description: 'Sandbox-only routes (no key): request counters and reset' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <key>' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: '?api_key=<key>' },
        },
      },
      security: [{ bearerAuth: [] }, { apiKeyQuery: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json['$id'] ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: true, tryItOutEnabled: true, displayRequestDuration: true },
  });

  if (parts.corsOrigins === undefined || parts.corsOrigins.length > 0) {
    const allowed = parts.corsOrigins;
    await app.register(cors, {
      origin: (origin, cb) => cb(null, origin === undefined ? false
        : allowed === undefined ? LOCAL_ORIGIN.test(origin)
          : allowed.includes('*') || allowed.includes(origin)),
      methods: ['GET', 'POST', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Content-Disposition', 'Retry-After', 'Retry-After-Ms', 'X-RateLimit-Limit-Minute',
        'X-RateLimit-Remaining-Minute', 'X-RateLimit-Limit-Day', 'X-RateLimit-Remaining-Day'],
      maxAge: 600,
    });
  }

  installPipeline(app, parts);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let api: ApiError;
    if (error instanceof ApiError) api = error;
    else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (unreadable body, wrong content type, body too large) are bad requests.
      api = badRequest(error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'send the body as application/json' : error.message);
    } else {
      request.log.error(error);
      api = serverError();
    }
    return reply.code(api.status).type('application/json; charset=utf-8').send(api.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    // A near miss (a trailing slash, other letter case) gets the route it most likely meant.
    const path = request.url.split('?')[0] ?? '';
    const near = [path.replace(/\/+$/, ''), path.toLowerCase(), path.replace(/\/+$/, '').toLowerCase()]
      .find((candidate) => candidate !== path && candidate !== '' && app.hasRoute({ method: request.method as 'GET', url: candidate }));
    const api = routeNotFound(request.method, request.url, near);
    return reply.code(404).send(api.toBody());
  });

  await app.register(async (api) => {
    indicatorRoutes(api, parts.dataset);
    metadataRoutes(api, parts.dataset);
    vietnamRoutes(api, parts.dataset);
    exportRoutes(api, parts.dataset);
  }, { prefix: '/api/v1' });
  sandboxRoutes(app, {
    stats: (): SandboxStats => parts.stats.snapshot(),
    reset: () => resetState(parts),
    live: parts.live,
  });
  return app;
}

/** True when the sandbox answers to exactly the four demo keys (no --keys). */
function hasDemoKeys(keys: ReadonlyMap<string, Plan>): boolean {
  return keys.size === DEMO_KEYS.length && DEMO_KEYS.every((k) => keys.get(k.key) === k.plan);
}

/** Clears the counters and the rate-limit windows, and restarts the fault sequence from its seed. */
export function resetState(parts: Pick<AppParts, 'stats' | 'limiter' | 'faults'>): void {
  parts.stats.reset();
  parts.limiter.reset();
  parts.faults.reset();
}
