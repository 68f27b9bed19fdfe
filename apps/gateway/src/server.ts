/**
 * The gateway's HTTP side: `/api/v1` exactly as the spec describes it (every route, the envelope,
 * the error statuses), for analysts' personal tokens; `/healthz` and `/metrics`. Each request:
 * its token (hashed) is looked up in the shared state; the answer comes from the shared cache, or
 * the request waits for its fair turn and goes to the service through core's client (see
 * upstream.ts); the answer carries X-RateLimit-* headers for the analyst's share; one audit line.
 */
import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BATCH_COMBINATION_LIMIT, EconError, planRequests, type ApiResult, type CallOptions, type EconDataClient, type QuotaLedger, type RequestPriority, type SeriesQuery } from '@econdata/core';
import { loggableQuery, type AuditSink } from './audit.ts';
import type { Analyst, FairQueue } from './fair-queue.ts';
import type { GatewayMetrics } from './metrics.ts';
import type { GatewayState, UsageWindows } from './state/state.ts';
import { tokenHash, tokenOf } from './tokens.ts';
import { isNotFoundEntry, type Cached, type Upstream } from './upstream.ts';
import { errorBody, stateDown, wireError, type WireError } from './wire.ts';

export interface ServerParts {
  state: GatewayState;
  upstream: Upstream;
  fair: FairQueue;
  ledger: QuotaLedger;
  metrics: GatewayMetrics;
  audit: AuditSink;
  windows: UsageWindows;
  /** TLS certificate and key (PEM) to serve HTTPS; without them, plain HTTP (behind a reverse proxy). */
  tls?: { cert: string | Buffer; key: string | Buffer } | undefined;
  now?: () => number;
  /** Browser origins allowed to call the gateway (the add-in's taskpane); default: http(s)://localhost and 127.0.0.1, any port. */
  corsOrigins?: string[] | undefined;
}

/** http(s)://localhost or 127.0.0.1, any port: the add-in served locally. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

type CacheNote = 'hit' | 'miss' | 'stale' | 'none';
interface Outcome {
  status: number;
  body: unknown;
  cache: CacheNote;
  headers?: Record<string, string>;
}
type Handler = (req: FastifyRequest, analyst: Analyst, priority: RequestPriority) => Promise<Outcome>;


/** `X-Econdata-Priority: bulk` (or `background`) marks a refresh that can wait for people's requests. */
function priorityOf(req: FastifyRequest): RequestPriority {
  const v = String(req.headers['x-econdata-priority'] ?? '').toLowerCase();
  return v === 'bulk' || v === 'background' ? 'background' : 'interactive';
}

/** Query-string values as core's queries take them: digit strings for years become numbers. */
function queryOf(req: FastifyRequest, ...yearNames: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(loggableQuery(req.query))) out[k] = yearNames.includes(k) && typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  return out;
}

function envelope<T>(result: ApiResult<T>): unknown {
  return { success: true, data: result.data, metadata: result.metadata };
}

export async function createServer(parts: ServerParts): Promise<FastifyInstance> {
  const { state, upstream, fair, ledger, metrics, audit, windows } = parts;
  const now = parts.now ?? Date.now;
  const instance = randomBytes(3).toString('hex');
  const app = (parts.tls ? Fastify({ https: parts.tls, forceCloseConnections: true, bodyLimit: 1_048_576 }) : Fastify({ forceCloseConnections: true, bodyLimit: 1_048_576 })) as unknown as FastifyInstance;
  // The add-in's taskpane calls from a browser origin: the same CORS rules as the sandbox's.
  const allowed = parts.corsOrigins;
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined ? false : allowed === undefined ? LOCAL_ORIGIN.test(origin) : allowed.includes('*') || allowed.includes(origin)),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Econdata-Priority'],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'X-RateLimit-Limit-Minute', 'X-RateLimit-Remaining-Minute', 'X-RateLimit-Limit-Day', 'X-RateLimit-Remaining-Day', 'X-Econdata-Stale', 'X-Econdata-Cache'],
    maxAge: 600,
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('body'), { wire: { status: 400, code: 'bad_request', message: 'Bad request: the body is not valid JSON' } satisfies WireError }), undefined);
    }
  });
  app.setErrorHandler((error: Error & { wire?: WireError; statusCode?: number }, _req, reply) => {
    const e = error.wire ?? { status: error.statusCode && error.statusCode < 500 ? error.statusCode : 500, code: 'bad_request', message: `Bad request: ${error.message}` };
    void reply.code(e.status).send(errorBody(e));
  });

  /** The analyst's share of the team's windows, as the service's own headers would say it. */
  async function rateHeaders(analyst: Analyst): Promise<Record<string, string>> {
    const status = ledger.status();
    const at = now();
    const headers: Record<string, string> = {};
    const [used] = [(await state.usage([analyst.name], at - windows.minuteMs)).get(analyst.name) ?? 0];
    const day = await state.dayUsage(analyst.name, at, windows);
    for (const [name, w, u] of [['Minute', status.minute, used], ['Day', status.day, day]] as const) {
      if (w.limit === null) continue;
      const limit = Math.max(1, Math.floor(analyst.share * w.limit));
      headers[`X-RateLimit-Limit-${name}`] = String(limit);
      headers[`X-RateLimit-Remaining-${name}`] = String(Math.max(0, Math.min(limit - Math.ceil(u), w.remaining ?? limit)));
    }
    return headers;
  }

  /** Auth, the handler, the error body, the headers, the metrics and the audit line: once for every route. */
  function route(name: string, handler: Handler) {
    return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const started = now();
      let analyst: Analyst | null = null;
      let outcome: Outcome;
      try {
        const token = tokenOf(req.headers.authorization, (req.query as Record<string, unknown> | undefined)?.['api_key']);
        if (token === undefined) {
          metrics.refusals.inc({ reason: 'unauthenticated' });
          outcome = { status: 401, body: errorBody({ status: 401, code: 'authentication_required', message: 'Authentication required: send your personal gateway token as "Authorization: Bearer <token>" (ask the gateway\'s administrator for one).' }), cache: 'none' };
        } else {
          let user;
          try {
            user = await state.userByTokenHash(tokenHash(token));
          } catch {
            throw Object.assign(new Error('state'), { wire: stateDown() });
          }
          if (!user) {
            metrics.refusals.inc({ reason: 'invalid_token' });
            outcome = { status: 401, body: errorBody({ status: 401, code: 'invalid_api_key', message: 'Invalid API key: this gateway token is unknown or was revoked. Ask the gateway\'s administrator for a new one.' }), cache: 'none' };
          } else {
            analyst = { name: user.name, share: user.share };
            outcome = await handler(req, analyst, priorityOf(req));
          }
        }
      } catch (error) {
        const e = (error as { wire?: WireError }).wire ?? wireError(error);
        // Not the service's answer: say what broke (a message of ours or the state's, never a key or token).
        if (!(error instanceof EconError) && (error as { wire?: WireError }).wire === undefined) console.error(`gateway: ${req.method} ${req.url.split('?')[0]} answered ${e.status}: ${error instanceof Error ? error.message : String(error)}`);
        if (e.status === 503) metrics.refusals.inc({ reason: 'state_unavailable' });
        else if (e.status === 429) metrics.refusals.inc({ reason: 'quota' });
        else if (e.status >= 500) metrics.refusals.inc({ reason: 'upstream' });
        const retry = e.retryAfterMs === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(e.retryAfterMs / 1000))) };
        outcome = { status: e.status, body: errorBody(e), cache: 'none', headers: retry };
      }
      const headers: Record<string, string> = { ...outcome.headers };
      if (analyst && outcome.status !== 503) {
        try {
          Object.assign(headers, await rateHeaders(analyst));
        } catch {
          // The state went away after the answer was made: the answer stands, without the share headers.
          headers['X-Econdata-Share'] = 'unknown (state unavailable)';
        }
      }
      if (outcome.cache === 'stale') {
        metrics.stale.inc();
        headers['X-Econdata-Stale'] = 'true';
        headers['Warning'] = '110 - "Response is stale: the service did not answer"';
      }
      if (outcome.cache !== 'none') headers['X-Econdata-Cache'] = outcome.cache;
      metrics.requests.inc({ analyst: analyst?.name ?? '(none)', route: name, status: String(outcome.status) });
      audit({
        time: new Date(started).toISOString(), instance, analyst: analyst?.name ?? null, method: req.method,
        path: req.url.split('?')[0] ?? req.url, query: req.method === 'POST' ? loggableQuery(req.body) : loggableQuery(req.query),
        status: outcome.status, cache: outcome.cache, ms: now() - started,
      });
      void reply.code(outcome.status).headers(headers).send(outcome.body);
    };
  }

  /** A JSON route through core's client: the cache, else once across instances after a fair turn. */
  function viaClient<T>(call: (client: EconDataClient, options: CallOptions) => Promise<ApiResult<T>>): Handler {
    return async (_req, analyst, priority) => {
      const probe = await upstream.probe((c) => call(c, {}));
      if ('hit' in probe) {
        metrics.cacheHits.inc({ route: 'json' });
        return { status: 200, body: envelope(probe.hit), cache: 'hit' };
      }
      const send = async (): Promise<ApiResult<T>> => {
        const ticket = await fair.enter(analyst, priority);
        try {
          return await call(upstream.client, { priority, cache: 'allow-stale' });
        } finally {
          ticket.done();
        }
      };
      const result = await upstream.once(probe.miss, send, async () => {
        const again = await upstream.probe((c) => call(c, {}));
        return 'hit' in again ? again.hit : send();
      });
      return { status: 200, body: envelope(result), cache: result.stale ? 'stale' : 'miss' };
    };
  }

  /**
   * The cache entries of indicator queries: from the cache, or put on the team's batch board and
   * fetched by the team's next batch job, after one fair turn held until the answer (no turn when
   * every series missed is already being fetched for someone).
   */
  async function indicatorEntries(queries: SeriesQuery[], analyst: Analyst, priority: RequestPriority): Promise<{ answers: Array<Cached | EconError>; requests: string[]; cache: CacheNote }> {
    const plan = planRequests(queries);
    const firstInvalid = [...plan.invalid.values()][0];
    if (firstInvalid) throw firstInvalid;
    const requestOf: string[] = [];
    const byRequest = new Map<string, { query: SeriesQuery; answer?: Cached | EconError }>();
    for (const u of plan.unique.values()) {
      for (const p of u.positions) requestOf[p] = u.request;
      byRequest.set(u.request, { query: u.query });
    }
    const misses: string[] = [];
    const found = await upstream.cachedMany([...byRequest.keys()]);
    [...byRequest.entries()].forEach(([request, item], i) => {
      const c = found[i];
      if (c && !c.stale) item.answer = c;
      else misses.push(request);
    });
    if (misses.length < byRequest.size) metrics.cacheHits.inc({ route: 'indicators' }, byRequest.size - misses.length);
    let stale = false;
    if (misses.length > 0) {
      // Series someone else's request is already fetching cost the plan nothing: no turn to wait for.
      const free = await upstream.allComing(misses);
      const ticket = free ? { done: () => undefined } : await fair.enter(analyst, priority);
      try {
        const settled = await Promise.allSettled(misses.map((r) => upstream.indicator(r, byRequest.get(r)!.query)));
        settled.forEach((s, i) => {
          const item = byRequest.get(misses[i]!)!;
          if (s.status === 'fulfilled') {
            item.answer = s.value;
            stale ||= s.value.stale;
          } else if (s.reason instanceof EconError) item.answer = s.reason;
          else throw s.reason;
        });
      } finally {
        ticket.done();
      }
    }
    return {
      answers: queries.map((_q, i) => byRequest.get(requestOf[i]!)!.answer!),
      requests: requestOf,
      cache: misses.length === 0 ? 'hit' : stale ? 'stale' : 'miss',
    };
  }

  /** A cached answer's records and metadata, or its "no data" as the error core remembered. */
  function readEntry(c: Cached): ApiResult<Record<string, unknown>> | WireError {
    const v = c.entry.value as { data?: unknown; metadata?: unknown; not_found?: { message?: string; serverMessage?: string; parameter?: string } };
    if (isNotFoundEntry(c.entry)) {
      const nf = v.not_found ?? {};
      return { status: 404, code: 'data_not_found', message: nf.serverMessage ?? nf.message ?? 'Data not found', ...(nf.parameter ? { parameter: nf.parameter } : {}) };
    }
    return { data: v.data as Array<Record<string, unknown>>, metadata: v.metadata as ApiResult<unknown>['metadata'] };
  }

  app.get('/api/v1/indicators', route('indicators', async (req, analyst, priority) => {
    const q = { kind: 'indicator', ...queryOf(req, 'start_year', 'end_year') } as SeriesQuery;
    const { answers, cache } = await indicatorEntries([q], analyst, priority);
    const a = answers[0]!;
    if (a instanceof EconError) throw a;
    const read = readEntry(a);
    if ('status' in read) return { status: read.status, body: errorBody(read), cache };
    return { status: 200, body: envelope(read), cache };
  }));

  app.post('/api/v1/indicators/batch', route('indicators/batch', async (req, analyst, priority) => {
    const b = req.body;
    if (typeof b !== 'object' || b === null || Array.isArray(b)) throw Object.assign(new Error('body'), { wire: { status: 400, code: 'bad_request', message: 'Bad request: the body must be a JSON object { source, indicators, countries, start_year?, end_year?, frequency? }' } });
    const body = b as Record<string, unknown>;
    const bad = (parameter: string, problem: string): Error => Object.assign(new Error(parameter), { wire: { status: 400, code: 'invalid_parameters', message: `Invalid parameters: ${parameter} ${problem}`, parameter } });
    const list = (name: string): string[] | undefined => {
      const v = body[name];
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) throw bad(name, `must be a non-empty array of codes, got ${JSON.stringify(v)}`);
      return v as string[];
    };
    const indicators = list('indicators');
    if (!indicators) throw bad('indicators', 'is required (a non-empty array of indicator codes such as ["NY.GDP.MKTP.CD"])');
    const countries = list('countries');
    const combos = indicators.length * (countries?.length ?? 1);
    if (combos > BATCH_COMBINATION_LIMIT) throw bad('indicators', `x countries is ${indicators.length} x ${countries?.length ?? 1} = ${combos} combinations; the batch limit is ${BATCH_COMBINATION_LIMIT}`);
    const common = { source: body['source'], start_year: body['start_year'], end_year: body['end_year'], frequency: body['frequency'] };
    const pairs: Array<{ indicator: string; country: string | undefined }> = [];
    for (const indicator of indicators) for (const country of countries ?? [undefined]) pairs.push({ indicator, country });
    const queries = pairs.map((p) => Object.fromEntries(Object.entries({ kind: 'indicator', ...common, indicator: p.indicator, country: p.country }).filter(([, v]) => v !== undefined)) as unknown as SeriesQuery);
    const { answers, cache } = await indicatorEntries(queries, analyst, priority);
    const data: unknown[] = [];
    const items: unknown[] = [];
    let metadata: ApiResult<unknown>['metadata'] | undefined;
    answers.forEach((a, i) => {
      const { indicator, country } = pairs[i]!;
      if (a instanceof EconError) throw a;
      const read = readEntry(a);
      if ('status' in read) {
        items.push({ indicator, country: country ?? null, status: 404, total_records: 0, message: read.message, ...(read.parameter ? { parameter: read.parameter } : {}) });
        return;
      }
      metadata ??= read.metadata;
      data.push(...read.data);
      items.push({ indicator, country: country ?? null, status: 200, total_records: read.data.length });
    });
    const meta = { source: metadata?.source ?? String(body['source']), last_updated: metadata?.last_updated ?? null, total_records: data.length };
    return { status: 200, body: { success: true, data, metadata: meta, items }, cache };
  }));

  app.get('/api/v1/sources', route('sources', viaClient((c, o) => c.listSources({}, o))));
  app.get('/api/v1/countries', route('countries', viaClient((c, o) => c.listCountries({}, o))));
  app.get('/api/v1/sources/:source_code/indicators', route('sources/indicators', async (req, analyst, priority) => {
    const { source_code } = req.params as { source_code: string };
    const q = queryOf(req) as { q?: string };
    return viaClient((c, o) => c.listSourceIndicators({ source_code, ...(q.q === undefined ? {} : { q: q.q }) }, o))(req, analyst, priority);
  }));
  app.get('/api/v1/trade/vietnam', route('trade', async (req, analyst, priority) => viaClient((c, o) => c.getTrade(queryOf(req) as Parameters<EconDataClient['getTrade']>[0], o))(req, analyst, priority)));
  app.get('/api/v1/stocks/vietnam', route('stocks', async (req, analyst, priority) => viaClient((c, o) => c.getStocks(queryOf(req) as unknown as Parameters<EconDataClient['getStocks']>[0], o))(req, analyst, priority)));

  for (const format of ['csv', 'excel'] as const) {
    app.get(`/api/v1/export/${format}`, route(`export/${format}`, async (req, analyst, priority) => {
      const query = queryOf(req, 'start_year', 'end_year') as unknown as Parameters<EconDataClient['exportCsv']>[0];
      const ticket = await fair.enter(analyst, priority);
      try {
        const file = await (format === 'csv' ? upstream.client.exportCsv(query, { priority }) : upstream.client.exportExcel(query, { priority }));
        const headers: Record<string, string> = { 'content-type': file.metadata.content_type ?? (format === 'csv' ? 'text/csv' : 'application/octet-stream') };
        if (file.metadata.filename) headers['content-disposition'] = `attachment; filename="${file.metadata.filename.replace(/["\\\r\n]/g, '_')}"`;
        return { status: 200, body: Buffer.from(file.data), cache: 'miss', headers };
      } finally {
        ticket.done();
      }
    }));
  }

  app.all('/api/v1/*', route('unknown', async (req) => ({ status: 404, body: errorBody({ status: 404, code: 'not_found', message: `Not found: ${req.method} ${req.url.split('?')[0]} is no route of this interface` }), cache: 'none' })));

  app.get('/healthz', async (_req, reply) => {
    try {
      await state.ping();
      const status = ledger.status();
      return await reply.send({ status: 'ok', state: state.description, queue: fair.length, minute: status.minute, day: status.day });
    } catch {
      return reply.code(503).send({ status: 'unavailable', state: state.description, problem: 'the shared state (Redis) does not answer' });
    }
  });
  app.get('/metrics', async (_req, reply) => reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics()));
  return app;
}
