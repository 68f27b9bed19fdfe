/**
 * @econdata/sandbox: a local Economic Data Service over a folder of CSV data (or a generated demo pack).
 *
 * @example
 * const sandbox = await startSandbox({ dataDir: '/work/shared/data' }); // any free port
 * await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-free' } });
 * await sandbox.close();
 */
import type { FastifyInstance } from 'fastify';
import { createApp, resetState } from './app.ts';
import { LiveData, type ReloadResult } from './data/live.ts';
import { loadDataFolder, loadDemo, type LoadedDataset } from './data/load.ts';
import { DEMO_KEYS, parseKeys, type ApiKey, type Plan } from './http/auth.ts';
import { FaultInjector, parseFaults } from './http/faults.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { StatsCounter, type SandboxStats } from './http/stats.ts';

export type { ApiKey } from './http/auth.ts';
/** The seeded generator behind faults and the demo pack; benchmarks draw their fixed workloads from it too. */
export { mulberry32 } from './random.ts';

/** Every option may be left out or given as undefined (e.g. `dataDir: realDataDir` where there may be none). */
export interface SandboxOptions {
  /** 0 = any free port (the default here; the CLI defaults to 8787). */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** A data folder in the layout of the README; null or undefined: the generated demo pack. */
  dataDir?: string | null | undefined;
  /** API keys and their plans; default: the four demo keys sandbox-free, -basic, -pro, -enterprise. */
  keys?: Array<{ key: string; plan: Plan }> | undefined;
  /** Divides every rate-limit window: 60 makes a minute last 1 s and a day 24 min. Default 1. */
  timeScale?: number | undefined;
  /** Status of a rate-limit refusal. Default 429. */
  rateLimitStatus?: 429 | 403 | undefined;
  /** Send Retry-After (and Retry-After-Ms) with rate-limit refusals. Default true. */
  retryAfter?: boolean | undefined;
  /** Injected faults, the --faults syntax: "500:0.1,reset:0.05,delay=3000:0.1,truncate:0.05,html502:0.05". */
  faults?: string | undefined;
  /** Seed of the fault sequence; default: random (Sandbox.info.seed tells it). */
  seed?: number | undefined;
  /** Allowed CORS origins (exact, or "*"); default: http(s)://localhost:* and http(s)://127.0.0.1:*; [] turns CORS off. */
  corsOrigins?: string[] | undefined;
  /** Log every request (pino, to stdout; api_key redacted). Default false. */
  logger?: boolean | undefined;
  /** The clock of the rate limiter, in milliseconds (tests inject one). Default Date.now. */
  now?: (() => number) | undefined;
  /** Reload the data folder when its files change. Default true (a data folder; the demo pack has no files). */
  watch?: boolean | undefined;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
  stats(): SandboxStats;
  /** Clears the counters and the rate-limit windows, and restarts the fault sequence from the seed. */
  reset(): void;
  /** Reads the data folder again now (as POST /_sandbox/reload); rejects with the folder's problem, keeping the data served. */
  reload(): Promise<ReloadResult>;
  /** What this sandbox serves and how it was configured (the CLI prints it). */
  info: SandboxInfo;
}

interface SandboxInfo {
  /** The data folder's path, or `DEMO DATA (generated)`. */
  data: string;
  demo: boolean;
  keys: ApiKey[];
  seed: number;
  /** Things in the data folder that are not served. */
  warnings: string[];
  /** Time to load the data, ms (0 when this process had loaded it already). */
  loadMs: number;
}

interface Built {
  app: FastifyInstance;
  stats: StatsCounter;
  reset(): void;
  reload(): Promise<ReloadResult>;
  info: SandboxInfo;
}

async function build(options: SandboxOptions): Promise<Built> {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0 && Number.isFinite(timeScale))) throw new Error(`timeScale must be a positive number, got ${options.timeScale}`);
  const rateLimitStatus = options.rateLimitStatus ?? 429;
  if (rateLimitStatus !== 429 && rateLimitStatus !== 403) throw new Error(`rateLimitStatus must be 429 or 403, got ${String(rateLimitStatus)}`);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${options.seed}`);
  const keys = options.keys ? parseKeys(options.keys, 'keys') : [...DEMO_KEYS];
  const rules = parseFaults(options.faults ?? '');

  const loaded: LoadedDataset = options.dataDir ? await loadDataFolder(options.dataDir) : loadDemo();
  const live = new LiveData(loaded.dataset, options.dataDir ?? null);
  const stats = new StatsCounter();
  const limiter = new RateLimiter(timeScale, options.now ?? Date.now);
  const faults = new FaultInjector(rules, seed);
  const parts = {
    dataset: live.dataset, live,
    keys: new Map(keys.map((k) => [k.key, k.plan])),
    limiter, faults, stats, rateLimitStatus,
    retryAfter: options.retryAfter ?? true,
    corsOrigins: options.corsOrigins,
    logger: options.logger ?? false,
  };
  const app = await createApp(parts);
  if (options.watch ?? true) live.watch();
  app.addHook('onClose', async () => live.close());
  return {
    app, stats,
    reset: () => resetState(parts),
    reload: () => live.reload(),
    info: { data: loaded.dataset.label, demo: loaded.dataset.demo, keys, seed, warnings: loaded.warnings, loadMs: loaded.loadMs },
  };
}

/** Builds the app without listening, for `app.inject()` tests. */
export async function buildSandboxApp(options: SandboxOptions = {}): Promise<FastifyInstance> {
  const { app } = await build(options);
  await app.ready();
  return app;
}

/** Builds the app and listens (port 0 = any free port); `url` is where it answers. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const built = await build(options);
  const host = options.host ?? '127.0.0.1';
  try {
    await built.app.listen({ port: options.port ?? 0, host });
  } catch (e) {
    // A port in use or a bad host: nothing of the half-started app (timers, hooks) may outlive the failure.
    await built.app.close();
    throw e;
  }
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port ?? 0;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    app: built.app,
    close: () => built.app.close(),
    stats: () => built.stats.snapshot(),
    reset: built.reset,
    reload: built.reload,
    info: built.info,
  };
}
