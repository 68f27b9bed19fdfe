/**
 * `pnpm sandbox [flags]`: starts the sandbox Economic Data Service and prints where it answers,
 * what data it serves and the keys to use. `pnpm sandbox --help` lists the flags.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataError } from './data/files.ts';
import { parseFaults } from './http/faults.ts';
import { parseKeys } from './http/auth.ts';
import { startSandbox, type ApiKey, type Sandbox, type SandboxOptions } from './index.ts';

const HELP = `Usage: pnpm sandbox [flags]

Starts a local Economic Data Service (every /api/v1 endpoint of the spec) over a folder of CSV data.

  --port N                  port to listen on (default 8787; 0 = any free port)
  --host H                  address to listen on (default 127.0.0.1)
  --data DIR                data folder (default: $ECONDATA_DATA_DIR, else the generated demo pack)
  --demo                    serve the generated demo pack even if ECONDATA_DATA_DIR is set
  --keys FILE               JSON array of { "key": "...", "plan": "free|basic|pro|enterprise" }
                            (default: sandbox-free, sandbox-basic, sandbox-pro, sandbox-enterprise)
  --time-scale X            divide every rate-limit window by X (60: a minute lasts 1 s, a day 24 min)
  --rate-limit-status S     status of a rate-limit refusal: 429 (default) or 403
  --retry-after on|off      send Retry-After with rate-limit refusals (default on)
  --faults SPEC             inject faults into /api/v1 answers, e.g.
                            "500:0.1,reset:0.05,delay=3000:0.1,truncate:0.05,html502:0.05"
  --seed N                  seed of the fault sequence (default: random, printed at start)
  --cors-origins LIST       comma-separated allowed browser origins, "*" for any, "off" for none
                            (default: http(s)://localhost:* and http(s)://127.0.0.1:*)
  --log                     log every request (api_key redacted)
  --help                    this text

Docs: packages/sandbox/README.md; interactive docs at <url>/api/docs once started.`;

/** A bad flag: the message names it and its accepted form; the CLI exits with status 2. */
class UsageError extends Error {}

type Flag = { name: string; value?: string };

function splitArgs(argv: string[]): Flag[] {
  const flags: Flag[] = [];
  const valueless = new Set(['--help', '-h', '--demo', '--log']);
  const valued = new Set(['--port', '--host', '--data', '--keys', '--time-scale', '--rate-limit-status', '--retry-after', '--faults', '--seed', '--cors-origins']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) throw new UsageError(`unexpected argument "${arg}": flags start with --`);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!valueless.has(name) && !valued.has(name)) throw new UsageError(`unknown flag ${name}`);
    if (eq > 0 && valueless.has(name)) throw new UsageError(`${name} does not take a value`);
    if (eq > 0) flags.push({ name, value: arg.slice(eq + 1) });
    else if (valueless.has(arg)) flags.push({ name: arg });
    else {
      const value = argv[i + 1];
      if (value === undefined || valued.has(value) || valueless.has(value)) throw new UsageError(`${arg} needs a value`);
      flags.push({ name: arg, value });
      i++;
    }
  }
  return flags;
}

/** Turns command-line flags (and ECONDATA_DATA_DIR) into sandbox options. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SandboxOptions | 'help' {
  const options: SandboxOptions = { port: 8787 };
  let demo = false;
  const int = (flag: string, value: string, min: number, max: number, example: string) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, e.g. ${flag} ${example} (got "${value}")`);
    }
    return Number(value);
  };
  for (const { name, value = '' } of splitArgs(argv)) {
    switch (name) {
      case '--help': case '-h': return 'help';
      case '--port': options.port = int(name, value, 0, 65535, '8787'); break;
      case '--host':
        if (!value.trim()) throw new UsageError('--host expects an address, e.g. --host 127.0.0.1');
        options.host = value; break;
      case '--data':
        if (!value.trim()) throw new UsageError('--data expects a folder, e.g. --data ../shared/data');
        options.dataDir = resolve(value); break;
      case '--demo': demo = true; break;
      case '--keys': options.keys = readKeys(value); break;
      case '--time-scale': {
        const x = Number(value);
        if (!/^\d*\.?\d+$/.test(value) || !(x > 0)) throw new UsageError(`--time-scale expects a positive number, e.g. --time-scale 60 (got "${value}")`);
        options.timeScale = x; break;
      }
      case '--rate-limit-status':
        if (value !== '429' && value !== '403') throw new UsageError(`--rate-limit-status expects 429 or 403 (got "${value}")`);
        options.rateLimitStatus = Number(value) as 429 | 403; break;
      case '--retry-after':
        if (value !== 'on' && value !== 'off') throw new UsageError(`--retry-after expects on or off (got "${value}")`);
        options.retryAfter = value === 'on'; break;
      case '--faults':
        try {
          parseFaults(value);
        } catch (e) {
          throw new UsageError(`--faults: ${(e as Error).message}`);
        }
        options.faults = value; break;
      case '--seed': options.seed = int(name, value, 0, 2 ** 31 - 1, '42'); break;
      case '--cors-origins': options.corsOrigins = corsOrigins(value); break;
      case '--log': options.logger = true; break;
      default: throw new UsageError(`unknown flag ${name}`);
    }
  }
  if (demo && options.dataDir) throw new UsageError('--demo and --data exclude each other: choose one');
  if (!demo && options.dataDir === undefined && env['ECONDATA_DATA_DIR']) options.dataDir = resolve(env['ECONDATA_DATA_DIR']);
  return options;
}

/** `off`, `*`, or origins as a browser sends them (scheme://host[:port], no path): anything else would never match. */
function corsOrigins(value: string): string[] {
  if (value.trim() === 'off') return [];
  const origins = value.split(',').map((o) => o.trim()).filter(Boolean);
  if (origins.length === 0) throw new UsageError('--cors-origins expects origins, "*" or "off", e.g. --cors-origins https://addin.example,http://localhost:3000');
  for (const origin of origins) {
    if (origin !== '*' && !/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(origin)) {
      throw new UsageError(`--cors-origins: "${origin}" is not an origin; write scheme://host[:port] without a path, e.g. https://addin.example or http://localhost:3000`);
    }
  }
  return origins;
}

function readKeys(file: string): ApiKey[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--keys expects a JSON file of [{ "key": "...", "plan": "free" }, ...]: cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    return parseKeys(json, `--keys ${file}`);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** What the sandbox prints once it listens. */
function banner(sandbox: Sandbox, options: SandboxOptions, startMs: number): string {
  const { info } = sandbox;
  const keys = info.keys.map((k) => `    ${options.keys ? `...${k.key.slice(-4)}` : k.key.padEnd(20)} ${k.plan}`);
  const lines = [
    'Econdata sandbox: Economic Data Service',
    `  URL    ${sandbox.url}   (API: ${sandbox.url}/api/v1)`,
    `  Docs   ${sandbox.url}/api/docs`,
    info.demo
      ? '  Data   DEMO DATA (generated): invented numbers; pass --data DIR or set ECONDATA_DATA_DIR for real data'
      : `  Data   ${info.data}`,
    `  Keys   (Authorization: Bearer <key>, or ?api_key=<key>)`,
    ...keys,
    `  Limits Free 10/min 100/day, Basic 60/1,000, Pro 300/10,000, Enterprise unlimited; refusal ${options.rateLimitStatus ?? 429}`
      + `${options.timeScale && options.timeScale !== 1 ? `; time scale x${options.timeScale}` : ''}${options.retryAfter === false ? '; no Retry-After' : ''}`,
    ...(options.faults ? [`  Faults ${options.faults} (seed ${info.seed})`] : []),
    `  Stats  ${sandbox.url}/_sandbox/stats`,
    ...(info.demo ? [] : [`  Reload on any change to the folder's files, or POST ${sandbox.url}/_sandbox/reload`]),
    ...info.warnings.map((w) => `  note: ${w}`),
    `Ready in ${(startMs / 1000).toFixed(1)} s. Ctrl+C stops it.`,
  ];
  return lines.join('\n');
}

/** Why the sandbox could not start, and what to change. */
export function startFailure(err: NodeJS.ErrnoException, options: SandboxOptions): string {
  const host = options.host ?? '127.0.0.1';
  switch (err.code) {
    case 'EADDRINUSE': return `port ${options.port} is in use; choose another with --port N (0 = any free port)`;
    case 'EACCES': return `not allowed to listen on port ${options.port} (ports below 1024 need privileges); choose another with --port N`;
    case 'ENOTFOUND': case 'EAI_AGAIN':
      return `cannot listen on host "${host}": no such address; give an address of this machine, e.g. --host 127.0.0.1 (or 0.0.0.0 for every interface)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on host "${host}": it is not an address of this machine; e.g. --host 127.0.0.1 (or 0.0.0.0 for every interface)`;
    default:
      return err instanceof DataError ? `cannot load the data: ${err.message}` : `cannot start: ${err.message}`;
  }
}

async function main(): Promise<void> {
  let options: SandboxOptions | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`sandbox: ${e.message}\nRun "pnpm sandbox --help" for every flag.`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(HELP);
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (e) {
    console.error(`sandbox: ${startFailure(e as NodeJS.ErrnoException, options)}`);
    process.exit(1);
  }
  // performance.now() counts from the process start: the figure includes loading the code.
  console.log(banner(sandbox, options, performance.now()));

  let closing = false;
  const stop = (signal: string) => {
    if (closing) process.exit(1); // a second Ctrl+C does not wait
    closing = true;
    console.log(`\n${signal}: stopping the sandbox`);
    sandbox.close().then(() => process.exit(0), (e: unknown) => {
      console.error(`sandbox: error while closing: ${(e as Error).message}`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Run only as a program (tests import parseArgs and banner).
if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  await main();
}

