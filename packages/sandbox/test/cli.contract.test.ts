/**
 * The command line: flags, ECONDATA_DATA_DIR, the banner, bad flags (exit 2), clean stop on signals.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, startFailure } from '../src/cli.ts';
import { DataError } from '../src/data/files.ts';

const CLI = resolve(import.meta.dirname, '../src/cli.ts');
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', env: { ...process.env, ECONDATA_DATA_DIR: '' } });

describe('parseArgs', () => {
  it('defaults to port 8787 and the demo pack', () => {
    expect(parseArgs([], {})).toEqual({ port: 8787 });
  });

  it('reads every flag, in both --flag value and --flag=value forms', () => {
    expect(parseArgs(['--port', '0', '--host=0.0.0.0', '--data', '/tmp/x', '--time-scale', '60', '--rate-limit-status', '403', '--retry-after=off',
      '--faults', '500:0.1,reset:0.05', '--seed', '42', '--cors-origins', 'https://a.example, https://b.example', '--log'], {})).toEqual({
      port: 0, host: '0.0.0.0', dataDir: '/tmp/x', timeScale: 60, rateLimitStatus: 403, retryAfter: false,
      faults: '500:0.1,reset:0.05', seed: 42, corsOrigins: ['https://a.example', 'https://b.example'], logger: true,
    });
    expect(parseArgs(['--cors-origins', 'off'], {})).toMatchObject({ corsOrigins: [] });
    expect(parseArgs(['--cors-origins', '*'], {})).toMatchObject({ corsOrigins: ['*'] });
    expect(parseArgs(['--cors-origins', 'http://[::1]:8080,https://localhost:3000'], {})).toMatchObject({ corsOrigins: ['http://[::1]:8080', 'https://localhost:3000'] });
    expect(parseArgs(['--help'], {})).toBe('help');
  });

  it('takes ECONDATA_DATA_DIR when --data is absent, and --demo overrides it', () => {
    expect(parseArgs([], { ECONDATA_DATA_DIR: '/srv/data' })).toEqual({ port: 8787, dataDir: '/srv/data' });
    expect(parseArgs(['--data', '/tmp/y'], { ECONDATA_DATA_DIR: '/srv/data' })).toMatchObject({ dataDir: '/tmp/y' });
    expect(parseArgs(['--demo'], { ECONDATA_DATA_DIR: '/srv/data' })).toEqual({ port: 8787 });
  });

  it.each([
    [['--port', 'abc'], '--port expects a whole number from 0 to 65535, e.g. --port 8787 (got "abc")'],
    [['--port', '70000'], '--port expects a whole number from 0 to 65535, e.g. --port 8787 (got "70000")'],
    [['--port'], '--port needs a value'],
    [['--time-scale', '0'], '--time-scale expects a positive number, e.g. --time-scale 60 (got "0")'],
    [['--rate-limit-status', '500'], '--rate-limit-status expects 429 or 403 (got "500")'],
    [['--retry-after', 'yes'], '--retry-after expects on or off (got "yes")'],
    [['--faults', '500:2'], '--faults: bad fault "500:2": expected'],
    [['--seed', '-1'], '--seed expects a whole number from 0 to 2147483647, e.g. --seed 42 (got "-1")'],
    [['--port', '--host', 'x'], '--port needs a value'],
    [['--demo=yes'], '--demo does not take a value'],
    [['--seed', 'x'], '--seed expects a whole number from 0 to 2147483647, e.g. --seed 42 (got "x")'],
    [['--keys', '/nonexistent.json'], '--keys expects a JSON file of [{ "key": "...", "plan": "free" }, ...]: cannot read /nonexistent.json'],
    [['--demo', '--data', '/tmp'], '--demo and --data exclude each other: choose one'],
    [['--verbose'], 'unknown flag --verbose'],
    [['8787'], 'unexpected argument "8787": flags start with --'],
    [['--cors-origins', 'localhost:3000'], '--cors-origins: "localhost:3000" is not an origin; write scheme://host[:port] without a path, e.g. https://addin.example or http://localhost:3000'],
    [['--cors-origins', 'https://addin.example/'], '--cors-origins: "https://addin.example/" is not an origin; write scheme://host[:port] without a path'],
    [['--cors-origins', ' , '], '--cors-origins expects origins, "*" or "off", e.g. --cors-origins https://addin.example,http://localhost:3000'],
  ])('refuses %j', (args, message) => {
    expect(() => parseArgs(args, {})).toThrow(message);
  });
});

describe('--keys FILE', () => {
  const keysFile = (json: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-keys-')), 'keys.json');
    writeFileSync(file, json);
    return file;
  };

  it('reads the keys and their plans', () => {
    const file = keysFile('[{ "key": "team-key-1", "plan": "free" }, { "key": "team-key-2", "plan": "pro" }]');
    expect(parseArgs(['--keys', file], {})).toEqual({ port: 8787, keys: [{ key: 'team-key-1', plan: 'free' }, { key: 'team-key-2', plan: 'pro' }] });
  });

  it.each([
    ['[]', 'expected a non-empty JSON array of { "key", "plan" }'],
    ['[{ "key": "abc", "plan": "free" }]', 'item 0: "key" must be text of at least 4 characters without spaces'],
    ['[{ "key": "team-key-1", "plan": "gold" }]', 'item 0: "plan" must be one of free, basic, pro, enterprise'],
    ['[{ "key": "team-key-1", "plan": "free" }, { "key": "team-key-1", "plan": "pro" }]', 'item 1 repeats the key of item 0: give each key once, with one plan'],
    ['[{ "key": "alice-2024", "plan": "free" }, { "key": "bob-2025", "plan": "pro" }, { "key": "carol-2024", "plan": "pro" }]',
      'items 0 and 2 end in the same four characters, so /_sandbox/stats could not tell them apart: make their endings differ'],
  ])('refuses %s, naming the item and never the key', (json, problem) => {
    const file = keysFile(json);
    expect(() => parseArgs(['--keys', file], {})).toThrow(`--keys ${file}: ${problem}`);
  });
});

describe('startFailure', () => {
  const failure = (code: string, message = code) => Object.assign(new Error(message), { code });
  it.each([
    [failure('EADDRINUSE'), { port: 8787 }, 'port 8787 is in use; choose another with --port N (0 = any free port)'],
    [failure('EACCES'), { port: 80 }, 'not allowed to listen on port 80 (ports below 1024 need privileges); choose another with --port N'],
    [failure('ENOTFOUND'), { host: '256.1.1.1' }, 'cannot listen on host "256.1.1.1": no such address; give an address of this machine, e.g. --host 127.0.0.1 (or 0.0.0.0 for every interface)'],
    [failure('EADDRNOTAVAIL'), { host: '10.9.9.9' }, 'cannot listen on host "10.9.9.9": it is not an address of this machine; e.g. --host 127.0.0.1 (or 0.0.0.0 for every interface)'],
    [new DataError('x.csv row 2: "a" is not a number'), {}, 'cannot load the data: x.csv row 2: "a" is not a number'],
    [new Error('boom'), {}, 'cannot start: boom'],
  ])('says why and what to change: %s', (err, options, message) => {
    expect(startFailure(err, options)).toBe(message);
  });
});

describe('the sandbox command', () => {
  it('exits 2 naming a bad flag and its accepted form', () => {
    const result = run(['--rate-limit-status', '401']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('sandbox: --rate-limit-status expects 429 or 403 (got "401")\nRun "pnpm sandbox --help" for every flag.\n');
  });

  it('prints every flag with --help', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    for (const flag of ['--port', '--host', '--data', '--keys', '--time-scale', '--rate-limit-status', '--retry-after', '--faults', '--seed', '--cors-origins']) {
      expect(result.stdout).toContain(flag);
    }
  });

  it('exits 1 with the reason when the data folder cannot be loaded', () => {
    const result = run(['--data', '/nonexistent/data', '--port', '0']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('sandbox: cannot load the data: data folder /nonexistent/data does not exist\n');
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('prints its URL, docs, data and keys, serves, and stops cleanly on %s', async (signal) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--demo', '--port', '0', '--faults', 'delay=1:0.5', '--seed', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => { out += c; });
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', () => out.includes('Ready in') && done());
      child.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const url = /URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    expect(out).toContain(`  Docs   ${url}/api/docs`);
    expect(out).toContain('  Data   DEMO DATA (generated)');
    expect(out).toMatch(/sandbox-free\s+free\n\s+sandbox-basic\s+basic\n\s+sandbox-pro\s+pro\n\s+sandbox-enterprise\s+enterprise/);
    expect(out).toContain('  Faults delay=1:0.5 (seed 3)');
    const res = await fetch(`${url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-free' } });
    expect(res.status).toBe(200);
    const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.kill(signal);
    expect(await exit).toBe(0);
    expect(out).toContain(`${signal}: stopping the sandbox`);
  });
});
