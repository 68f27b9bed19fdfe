/**
 * What happens to every /api/v1 request before its route runs, in this order:
 * count it (stats), draw a fault, authenticate, apply the rate limit; and after it: cut the
 * body for a `truncate` fault, count the outcome. Docs and /_sandbox routes skip all of it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, keyLabel, requestKey, type Plan } from './auth.ts';
import { ApiError, serverError } from './errors.ts';
import { PROXY_502_PAGE, type FaultInjector } from './faults.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Outcome, StatsCounter } from './stats.ts';

export interface PipelineContext {
  keys: ReadonlyMap<string, Plan>;
  limiter: RateLimiter;
  faults: FaultInjector;
  stats: StatsCounter;
  rateLimitStatus: 429 | 403;
  retryAfter: boolean;
}

/** Per-request state of an /api/v1 request. */
interface RequestState {
  /** The key as stats show it: last four characters, `(none)` or `(unknown)`. */
  label: string;
  plan: Plan | null;
  truncate: boolean;
  rateLimited: boolean;
  /** Set once the outcome is counted (a reset fault counts itself: no response follows). */
  counted: boolean;
  faulted: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    sandbox: RequestState | null;
  }
}

/** The plan of an authenticated /api/v1 request (the pipeline ran). */
export function planOf(request: FastifyRequest): Plan {
  const plan = request.sandbox?.plan;
  if (!plan) throw serverError('the request was not authenticated');
  return plan;
}

export function installPipeline(app: FastifyInstance, ctx: PipelineContext): void {
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const entry = { timer: setTimeout(() => { timers.delete(entry); resolve(); }, ms), resolve };
    timers.add(entry);
  });
  // Closing the server ends pending delays at once instead of waiting for them.
  app.addHook('onClose', async () => {
    for (const t of timers) { clearTimeout(t.timer); t.resolve(); }
    timers.clear();
  });

  app.decorateRequest('sandbox', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || !isApiUrl(request.url)) return;
    const state: RequestState = { label: '(none)', plan: null, truncate: false, rateLimited: false, counted: false, faulted: false };
    request.sandbox = state;

    let key: string | undefined;
    let keyProblem: unknown;
    try {
      key = requestKey(request);
    } catch (e) {
      keyProblem = e;
    }
    const plan = key === undefined ? undefined : ctx.keys.get(key);
    state.label = key === undefined ? '(none)' : plan ? keyLabel(key) : '(unknown)';
    ctx.stats.received(state.label);

    const rule = ctx.faults.draw();
    if (rule) {
      ctx.stats.fault(rule.label);
      const fault = rule.fault;
      if (fault.kind === 'delay') {
        await sleep(fault.ms);
      } else if (fault.kind === 'truncate') {
        state.truncate = true;
      } else {
        state.faulted = true;
        if (fault.kind === 'reset') {
          count(ctx, state, 'faulted');
          reply.hijack();
          request.raw.socket.destroy();
          return reply;
        }
        if (fault.kind === 'html502') return reply.code(502).type('text/html; charset=utf-8').send(PROXY_502_PAGE);
        if (fault.status === 429) {
          if (ctx.retryAfter) reply.header('retry-after', '1').header('retry-after-ms', '1000');
          throw new ApiError(429, 'rate_limit_exceeded', 'Rate limit exceeded: injected fault (--faults)', { scope: 'minute' });
        }
        throw new ApiError(fault.status, 'server_error', `Server error: injected fault (--faults), status ${fault.status}`);
      }
    }

    if (keyProblem) throw keyProblem;
    state.plan = authenticate(ctx.keys, key);
    const decision = ctx.limiter.take(key!, state.plan);
    reply.headers(decision.headers);
    if (!decision.admitted) {
      state.rateLimited = true;
      if (ctx.retryAfter) {
        reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000))).header('retry-after-ms', String(decision.retryAfterMs));
      }
      const limit = decision.headers[`x-ratelimit-limit-${decision.scope}`];
      throw new ApiError(ctx.rateLimitStatus, 'rate_limit_exceeded',
        `Rate limit exceeded: ${limit} requests per ${decision.scope} for this key's plan; try again in ${Math.ceil(decision.retryAfterMs / 1000)} s`,
        { scope: decision.scope });
    }
    return undefined;
  });

  // A truncate fault: a valid status and headers, and the body cut halfway (Content-Length matches the cut).
  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.sandbox;
    if (!state?.truncate || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    state.faulted = true;
    const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    const cut = bytes.subarray(0, Math.floor(bytes.length / 2));
    reply.header('content-length', String(cut.length));
    return cut;
  });

  app.addHook('onResponse', async (request, reply) => {
    const state = request.sandbox;
    if (!state || state.counted) return;
    const status = reply.statusCode;
    count(ctx, state, state.faulted ? 'faulted' : state.rateLimited ? 'rate_limited' : status === 401 || status === 403 ? 'refused' : 'answered');
  });
}

function count(ctx: PipelineContext, state: RequestState, outcome: Outcome): void {
  state.counted = true;
  ctx.stats.outcome(state.label, outcome);
}

function isApiUrl(url: string): boolean {
  return url.startsWith('/api/v1/') || url === '/api/v1' || url.startsWith('/api/v1?');
}
