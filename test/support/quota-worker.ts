/**
 * Pushes a backlog of requests through a QuotaLedger against a running sandbox, the way the client
 * does (acquire before each request, report how it ended, headers as hints). Used in-process, and as
 * a child process (`node --import tsx quota-worker.ts '<json options>'`, prints one JSON line) by the
 * quota contract tests and the quota benchmark, so that several processes share one key and one
 * FileQuotaStore. Plain fetch: the ledger is what is under test, not the client.
 */
import { EconDataClient, isEconError, MemoryQuotaStore, QuotaLedger, quotaKeyId, type PlanName, type RequestPriority, type ServerUsageHint } from '@econdata/core';
import { FileQuotaStore } from '@econdata/core/node';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BacklogOptions {
  url: string;
  key: string;
  plan: PlanName;
  count: number;
  timeScale: number;
  /** A FileQuotaStore folder; a memory store when absent. */
  storeDir?: string;
  concurrency?: number;
  priority?: RequestPriority;
  /** Start at this epoch millisecond (lets several processes start together). */
  startAt?: number;
  /** 'client': each request is a real EconDataClient call (`listSources`, no cache) with the ledger as gate. */
  via?: 'fetch' | 'client';
}

export interface BacklogResult {
  /** When each request left (epoch ms), ascending. */
  sentAt: number[];
  refused: number;
  exhausted: number;
  failed: number;
  /** The first quota_exhausted error, serialized. */
  exhaustedError?: unknown;
}

const headerNumber = (headers: Headers, name: string): number | undefined => {
  const raw = headers.get(name);
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

function hintFrom(headers: Headers): ServerUsageHint | undefined {
  const hint: ServerUsageHint = {};
  const fields = [['limitMinute', 'x-ratelimit-limit-minute'], ['remainingMinute', 'x-ratelimit-remaining-minute'], ['limitDay', 'x-ratelimit-limit-day'], ['remainingDay', 'x-ratelimit-remaining-day']] as const;
  for (const [field, name] of fields) {
    const n = headerNumber(headers, name);
    if (n !== undefined) hint[field] = n;
  }
  return Object.keys(hint).length > 0 ? hint : undefined;
}

/** Sends `count` requests through a ledger as fast as it admits them. */
export async function pushBacklog(options: BacklogOptions, ledger?: QuotaLedger): Promise<BacklogResult> {
  const gate =
    ledger ??
    new QuotaLedger({
      plan: options.plan,
      timeScale: options.timeScale,
      keyId: await quotaKeyId(options.key),
      store: options.storeDir ? new FileQuotaStore({ dir: options.storeDir }) : new MemoryQuotaStore(),
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    });
  if (options.startAt !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, options.startAt! - Date.now())));
  const result: BacklogResult = { sentAt: [], refused: 0, exhausted: 0, failed: 0 };
  if (options.via === 'client') {
    const client = new EconDataClient({ baseURL: options.url, apiKey: options.key, gate, priority: options.priority ?? 'background', maxRetries: 0 });
    await Promise.all(
      Array.from({ length: options.count }, async () => {
        try {
          await client.listSources({}, { cache: 'no-store' });
          result.sentAt.push(Date.now());
        } catch (error) {
          if (isEconError(error, 'quota_exhausted')) result.exhausted += 1;
          else if (isEconError(error, 'rate_limited')) result.refused += 1;
          else throw error;
        }
      }),
    );
    return result;
  }
  await Promise.all(
    Array.from({ length: options.count }, async () => {
      let permit;
      try {
        permit = await gate.acquire({ priority: options.priority ?? 'background' });
      } catch (error) {
        if (!isEconError(error, 'quota_exhausted')) throw error;
        result.exhausted += 1;
        result.exhaustedError ??= (error as { toJSON(): unknown }).toJSON();
        return;
      }
      result.sentAt.push(Date.now());
      try {
        const response = await fetch(`${options.url}/api/v1/sources`, { headers: { authorization: `Bearer ${options.key}` } });
        const body = await response.text();
        const hint = hintFrom(response.headers);
        if (response.status === 429 || (response.status === 403 && /rate limit/i.test(body))) {
          result.refused += 1;
          const retryAfterMs = headerNumber(response.headers, 'retry-after-ms');
          permit.refused({ ...(retryAfterMs === undefined ? {} : { retryAfterMs }), ...(hint ? { hint } : {}) });
        } else {
          if (!response.ok) result.failed += 1;
          permit.answered(hint);
        }
      } catch (error) {
        result.failed += 1;
        permit.failed();
        console.error('request failed:', (error as Error).message);
      }
    }),
  );
  result.sentAt.sort((a, b) => a - b);
  return result;
}

/** Runs `pushBacklog` in a separate Node process (a second user of the key), and returns its result. */
export function runBacklogInChild(options: BacklogOptions): Promise<BacklogResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as BacklogResult) : reject(new Error(`quota worker exited with ${code}`))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.argv[2] ?? '{}') as BacklogOptions;
  const result = await pushBacklog(options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
