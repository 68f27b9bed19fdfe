/**
 * Assembles one gateway instance: the state (Redis or memory), core's client toward the service
 * with the team key and the quota ledger (its log in the state) as its gate, the fair queue, the
 * shared window for indicator queries, and the HTTP server.
 */
import { axiosTransport, BASE_URL_PROBLEMS, EconDataClient, isPlanName, QuotaLedger, quotaKeyId, readBaseURL, type PlanName, type Transport } from '@econdata/core';
import type { FastifyInstance } from 'fastify';
import type { AuditSink } from './audit.ts';
import { FairQueue } from './fair-queue.ts';
import { GatewayMetrics } from './metrics.ts';
import { createServer } from './server.ts';
import type { GatewayState, UsageWindows } from './state/state.ts';
import { Upstream } from './upstream.ts';

export interface GatewayOptions {
  /** The service's address, with or without `/api/v1`. */
  upstream: string;
  /** The team's key for the service. Kept in this process only: never logged, never answered. */
  teamKey: string;
  plan: PlanName;
  state: GatewayState;
  port?: number;
  host?: string;
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** How long an answer is fresh, ms. @default 3600000 (core's default) */
  cacheTtlMs?: number;
  /** How long an instance gathers indicator queries before putting them on the team's batch board, ms. @default 50 */
  windowMs?: number;
  /** The longest a batch job gathers the board while it keeps growing, ms. @default 1000 */
  gatherMs?: number;
  /** Divides the plan's windows, like the sandbox's --time-scale (tests, benchmarks). @default 1 */
  timeScale?: number;
  audit?: AuditSink;
  /** Browser origins allowed (CORS); default: localhost and 127.0.0.1 on any port. */
  corsOrigins?: string[];
  /** Requests in flight at once toward the service from this instance. @default 8 */
  concurrency?: number;
}

export interface Gateway {
  url: string;
  app: FastifyInstance;
  metrics: GatewayMetrics;
  close(): Promise<void>;
}

/** The service's root from an address given with or without `/api/v1` (and a trailing slash). */
function upstreamRoot(address: string): string {
  const reading = readBaseURL(address);
  if (!reading.ok) throw new Error(`The upstream address ${JSON.stringify(address)} ${BASE_URL_PROBLEMS[reading.problem]}.`);
  return reading.baseURL;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  if (!isPlanName(options.plan)) throw new Error(`Unknown plan "${String(options.plan)}": use free, basic, pro or enterprise.`);
  const baseURL = upstreamRoot(options.upstream);
  const timeScale = options.timeScale ?? 1;
  const windows: UsageWindows = { minuteMs: 60_000 / timeScale, dayMs: 86_400_000 / timeScale };
  const metrics = new GatewayMetrics();
  const base = axiosTransport();
  const counted: Transport = {
    send: (request) => {
      metrics.upstream.inc();
      return base.send(request);
    },
  };
  const ledger = new QuotaLedger({ plan: options.plan, keyId: await quotaKeyId(options.teamKey), store: options.state.quota, timeScale, concurrency: options.concurrency ?? 8 });
  ledger.on('error', (error) => console.error(`gateway quota ledger: ${error.message}`));
  const client = new EconDataClient({
    baseURL, apiKey: options.teamKey, gate: ledger, transport: counted,
    cache: options.state.cache, cacheTtlMs: options.cacheTtlMs ?? 3_600_000,
    onCacheError: (error) => console.error(`gateway cache: ${error instanceof Error ? error.message : String(error)}`),
  });
  const fair = new FairQueue({ ledger, state: options.state, windows, concurrency: options.concurrency ?? 8, onLength: (n) => metrics.queue.set(n) });
  const upstream = new Upstream({ client, state: options.state, baseURL, ...(options.windowMs === undefined ? {} : { windowMs: options.windowMs }), ...(options.gatherMs === undefined ? {} : { gatherMs: options.gatherMs }) });
  const app = await createServer({ state: options.state, upstream, fair, ledger, metrics, windows, audit: options.audit ?? (() => undefined), tls: options.tls, corsOrigins: options.corsOrigins });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 0;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
    app, metrics,
    close: async () => {
      await app.close();
    },
  };
}
