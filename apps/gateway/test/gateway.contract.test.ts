/**
 * The team gateway over real HTTP, with a real redis-server and the real sandbox behind it: two
 * gateway instances on one Redis, as a team would run them. The sandbox's own counters
 * (`stats()`, as /_sandbox/stats) say what reached the service.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EconDataClient, openGate } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { addUser, RedisState, startGateway, type Gateway } from '@econdata/gateway';
import type { AuditEntry } from '../src/audit.ts';
import { startRedis, type RedisServer } from '../../../test/support/redis-server.ts';
import { repoRoot } from '../../../test/support/paths.ts';

const TEAM_KEY = 'team-key-7Hq2ZpW9xLr4';
const GDP = 'source=WB&indicator=NY.GDP.MKTP.CD';

interface Instance {
  gateway: Gateway;
  state: RedisState;
  audit: AuditEntry[];
}

let redis: RedisServer;
const opened: Array<{ close(): Promise<void> }> = [];
const printed: string[] = [];
const answers: string[] = [];

async function instance(sandbox: Sandbox, options: { plan?: 'free' | 'pro'; timeScale?: number; cacheTtlMs?: number; windowMs?: number } = {}): Promise<Instance> {
  const state = new RedisState({ url: redis.url });
  await state.connect();
  const audit: AuditEntry[] = [];
  const gateway = await startGateway({
    upstream: `${sandbox.url}/api/v1`, teamKey: TEAM_KEY, plan: options.plan ?? 'pro', state,
    audit: (e) => audit.push(e), timeScale: options.timeScale ?? 1, cacheTtlMs: options.cacheTtlMs ?? 3_600_000,
    ...(options.windowMs === undefined ? {} : { windowMs: options.windowMs }),
  });
  opened.push(gateway, state);
  return { gateway, state, audit };
}

/** A request with a personal token; every answer is kept for the key check. */
async function get(gw: Instance, path: string, token: string | undefined, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(`${gw.gateway.url}/api/v1${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  const text = await res.text();
  answers.push(`${JSON.stringify([...res.headers])}\n${text}`);
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
}

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/gateway/src/cli.ts'), ...args], { encoding: 'utf8', cwd: repoRoot });
  printed.push(run.stdout, run.stderr);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(async () => {
  redis = await startRedis();
  for (const stream of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, stream).mockImplementation((...parts: unknown[]) => void printed.push(parts.map(String).join(' ')));
  }
});

afterAll(async () => {
  for (const o of opened.reverse()) await o.close().catch(() => undefined);
  await redis?.stop();
  vi.restoreAllMocks();
});

describe('two gateway instances on one Redis, in front of the sandbox', () => {
  let sandbox: Sandbox;
  let a: Instance;
  let b: Instance;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ keys: [{ key: TEAM_KEY, plan: 'pro' }] });
    opened.push(sandbox);
    // Indicator queries are gathered for 250 ms: wide enough that requests sent together arrive in one window on a loaded machine.
    a = await instance(sandbox, { cacheTtlMs: 400, windowMs: 250 });
    b = await instance(sandbox, { cacheTtlMs: 400, windowMs: 250 });
    token = await addUser(a.state, 'ana', 0.5);
  });

  it('adds a token with the admin command, serves it on both instances, and refuses it on both at once when revoked', async () => {
    const added = cli('users', 'add', 'bob', '--redis', redis.url);
    expect(added.status).toBe(0);
    const lines = added.stdout.trimEnd().split('\n');
    const bobToken = lines.at(-1)!;
    expect(bobToken).toMatch(/^egw_[A-Za-z0-9_-]{43}$/);
    expect(cli('users', 'list', '--redis', redis.url).stdout).toMatch(/^bob\tshare 0.5\t/m);

    expect((await get(a, '/sources', bobToken)).status).toBe(200);
    expect((await get(b, '/countries', bobToken)).status).toBe(200);
    expect(cli('users', 'revoke', 'bob', '--redis', redis.url).status).toBe(0);
    for (const gw of [a, b]) {
      const refused = await get(gw, '/sources', bobToken);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, error: { status: 401, code: 'invalid_api_key' } });
    }
    expect((await get(a, '/sources', undefined)).status).toBe(401);
    // The store holds the hash only.
    expect(JSON.stringify(await a.state.listUsers())).not.toContain(bobToken);
  });

  it('serves every endpoint in the spec\'s envelope, with the error statuses of the spec', async () => {
    const one = await get(a, `/indicators?${GDP}&country=VN&start_year=2015&end_year=2017`, token);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ success: true, metadata: { total_records: 3 } });
    expect(one.headers.get('x-ratelimit-limit-minute')).toBe('150');
    const batch = await get(b, '/indicators/batch', token, { method: 'POST', body: JSON.stringify({ source: 'WB', indicators: ['NY.GDP.MKTP.CD', 'SP.POP.TOTL'], countries: ['VN', 'US'], start_year: 2018, end_year: 2019 }) });
    expect(batch.status).toBe(200);
    expect((batch.body['data'] as unknown[]).length).toBe(8);
    expect((batch.body['items'] as unknown[]).length).toBe(4);
    for (const path of ['/sources', '/countries', '/sources/WB/indicators']) expect((await get(a, path, token)).status).toBe(200);
    expect((await get(a, `/indicators?${GDP}&country=VNM`, token)).body).toMatchObject({ error: { status: 400, code: 'invalid_parameters', parameter: 'country' } });
    expect((await get(a, `/indicators?source=WB&indicator=NO.SUCH.CODE&country=VN`, token)).status).toBe(404);
    expect((await get(a, '/nowhere', token)).status).toBe(404);
    const csv = await fetch(`${a.gateway.url}/api/v1/export/csv?${GDP}&country=VN`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('NY.GDP.MKTP.CD');
  });

  it('sends identical concurrent requests through both instances to the sandbox once', async () => {
    const before = sandbox.stats().received;
    const path = `/indicators?${GDP}&country=JP&start_year=2001&end_year=2010`;
    const all = await Promise.all([a, b, a, b, a, b, a, b].map((gw) => get(gw, path, token)));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(sandbox.stats().received - before).toBe(1);
    const lists = await Promise.all([a, b, a, b].map((gw) => get(gw, '/sources/IMF/indicators', token)));
    expect(lists.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(sandbox.stats().received - before).toBe(2);
  });

  it('packs indicator requests from several analysts into the batch minimum', async () => {
    const others = await Promise.all(['cem', 'dia', 'eli'].map((n) => addUser(b.state, n, 0.5)));
    const before = sandbox.stats().received;
    const series = ['VN', 'US', 'CN', 'JP'].flatMap((c) => ['SP.POP.TOTL', 'NY.GDP.MKTP.CD'].map((i) => `indicator=${i}&country=${c}`));
    const calls = others.flatMap((t, i) => series.map((s, k) => get((i + k) % 2 ? a : b, `/indicators?source=WB&${s}&start_year=2005&end_year=2006`, t)));
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual(Array(24).fill(200));
    // 8 distinct series (2 indicators x 4 countries), asked 24 times on two instances: one batch request for the team.
    expect(sandbox.stats().received - before).toBe(1);
  });

  it('answers from the cache, marked stale, when the sandbox stops', async () => {
    const path = `/indicators?${GDP}&country=CN&start_year=2011&end_year=2012`;
    expect((await get(a, path, token)).headers.get('x-econdata-cache')).toBe('miss');
    await new Promise((r) => setTimeout(r, 450)); // past the 400 ms freshness
    await sandbox.close();
    for (const gw of [a, b]) {
      const stale = await get(gw, path, token);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-econdata-stale')).toBe('true');
      expect((stale.body['data'] as unknown[]).length).toBe(2);
    }
    const never = await get(b, `/indicators?${GDP}&country=CN&start_year=1999&end_year=2000`, token);
    expect(never.status).toBe(502);
    expect(never.body).toMatchObject({ success: false, error: { code: 'upstream_unavailable' } });
  });
});

describe('a burst above the plan from several analysts', () => {
  it('gets no refusal from the sandbox, and each analyst an equal part of the plan', async () => {
    // Free plan (10 a minute), both sides at time scale 60: a minute lasts one second.
    const sandbox = await startSandbox({ keys: [{ key: TEAM_KEY, plan: 'free' }], timeScale: 60 });
    opened.push(sandbox);
    const a = await instance(sandbox, { plan: 'free', timeScale: 60 });
    const b = await instance(sandbox, { plan: 'free', timeScale: 60 });
    const names = ['fay', 'gus', 'hal'];
    const tokens = await Promise.all(names.map((n) => addUser(a.state, n, 0.5)));
    const finished: string[] = [];
    // Each analyst asks for 12 series nobody else asks for (12 requests each): 36 requests, 3.6 minutes of the plan.
    const calls = names.flatMap((name, i) => Array.from({ length: 12 }, (_, k) => (async () => {
      const r = await get(k % 2 ? a : b, `/indicators?${GDP}&country=VN&start_year=${1961 + i * 12 + k}&end_year=2020`, tokens[i]);
      finished.push(name);
      return r.status;
    })()));
    expect(await Promise.all(calls)).toEqual(Array(36).fill(200));
    const stats = sandbox.stats();
    expect(stats.rate_limited).toBe(0);
    expect(stats.received).toBe(36);
    // Under contention (the first 30 answers: three windows), each analyst got a third, within one request.
    for (const name of names) expect(Math.abs(finished.slice(0, 30).filter((n) => n === name).length - 10)).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe('bulk work marked by core (X-Econdata-Priority: bulk)', () => {
  it('waits behind people\'s interactive requests', async () => {
    // Free plan (10 a minute) at time scale 60: the queue, not the sandbox, holds the backlog.
    const sandbox = await startSandbox({ keys: [{ key: TEAM_KEY, plan: 'free' }], timeScale: 60 });
    opened.push(sandbox);
    const gw = await instance(sandbox, { plan: 'free', timeScale: 60 });
    const token = await addUser(gw.state, 'joy', 0.5);
    // Core's client as a Team gateway profile builds it: background work says so.
    const client = new EconDataClient({ baseURL: gw.gateway.url, apiKey: token, sendPriority: true, gate: openGate, maxRetries: 0, timeoutMs: 60_000 });
    const finished: string[] = [];
    const ask = (label: string, year: number, priority: 'interactive' | 'background') =>
      client.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: year, end_year: 2020 }, { priority, cache: 'no-store' }).then(() => void finished.push(label));
    // A refresh of 20 series starts; a moment later the analyst looks at 5 series.
    const bulk = Array.from({ length: 20 }, (_, k) => ask(`bulk-${k}`, 1961 + k, 'background'));
    const people = Array.from({ length: 5 }, (_, k) => ask(`interactive-${k}`, 1990 + k, 'interactive'));
    await Promise.all([...bulk, ...people]);
    expect(finished).toHaveLength(25);
    // The people's 5 come before the refresh's last 10 (first come, first served would answer them last).
    const last = Math.max(...finished.flatMap((f, i) => (f.startsWith('interactive') ? [i] : [])));
    expect(last).toBeLessThan(15);
    expect(sandbox.stats().rate_limited).toBe(0);
  }, 60_000);
});

describe('Redis stopped mid-run', () => {
  it('refuses with 503 and sends nothing more to the sandbox; the team key is in no answer, log line, metric or audit entry', async () => {
    const sandbox = await startSandbox({ keys: [{ key: TEAM_KEY, plan: 'pro' }] });
    opened.push(sandbox);
    const a = await instance(sandbox);
    const b = await instance(sandbox);
    const token = await addUser(a.state, 'ivy', 0.5);
    expect((await get(a, `/indicators?${GDP}&country=VN`, token)).status).toBe(200);
    const metricsBefore = await (await fetch(`${a.gateway.url}/metrics`)).text();
    const received = sandbox.stats().received;
    await redis.stop();
    const paths = [`/indicators?${GDP}&country=US`, `/indicators?${GDP}&country=VN`, '/sources', '/countries'];
    for (const gw of [a, b]) {
      for (const path of paths) {
        const r = await get(gw, path, token);
        expect(r.status).toBe(503);
        expect(r.body).toMatchObject({ success: false, error: { status: 503, code: 'state_unavailable' } });
      }
      expect((await fetch(`${gw.gateway.url}/healthz`)).status).toBe(503);
    }
    expect(sandbox.stats().received).toBe(received);
    const metrics = metricsBefore + await (await fetch(`${a.gateway.url}/metrics`)).text() + await (await fetch(`${b.gateway.url}/metrics`)).text();
    expect(metrics).toMatch(/econgw_refusals_total\{reason="state_unavailable"\} 4/);
    const everything = [...answers, ...printed, metrics, JSON.stringify(a.audit), JSON.stringify(b.audit)].join('\n');
    expect(everything).toContain('ivy');
    expect(everything).not.toContain(TEAM_KEY);
    expect(everything).not.toContain(token);
  });
});
