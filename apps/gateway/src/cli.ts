/**
 * `pnpm gateway`: the team gateway and its admin commands.
 *
 *   pnpm gateway [--upstream URL] [--port N] [--host H] [--redis redis://…] [--plan NAME]
 *                [--key-profile NAME] [--cert FILE --key FILE] [--cache-ttl SECONDS]
 *                [--audit-log FILE] [--user NAME]...
 *   pnpm gateway users add NAME [--share N] [--redis …]   prints a new token once, alone on its last line
 *   pnpm gateway users list [--redis …]
 *   pnpm gateway users revoke NAME [--redis …]
 *
 * The team key: ECONDATA_TEAM_KEY, or --key-profile NAME (the OS keychain entry of that profile).
 * Without --upstream, an embedded sandbox serves (demo data, or ECONDATA_DATA_DIR) with its demo key.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { isPlanName, type PlanName } from '@econdata/core';
import { KeytarKeyStore } from '@econdata/keychain';
import { startSandbox } from '@econdata/sandbox';
import type { AuditEntry } from './audit.ts';
import { startGateway } from './gateway.ts';
import { MemoryState } from './state/memory-state.ts';
import { RedisState, redisWhere } from './state/redis-state.ts';
import type { GatewayState } from './state/state.ts';
import { addUser, listUsers, revokeUser } from './users.ts';

const HELP = `Usage:
  pnpm gateway [--upstream URL] [--port N] [--host H] [--redis redis://HOST:PORT] [--plan free|basic|pro|enterprise]
               [--key-profile NAME] [--cert FILE --key FILE] [--cache-ttl SECONDS] [--audit-log FILE] [--user NAME]... [--cors-origin ORIGIN]...
  pnpm gateway users add NAME [--share 0.5] [--redis redis://HOST:PORT]
  pnpm gateway users list [--redis redis://HOST:PORT]
  pnpm gateway users revoke NAME [--redis redis://HOST:PORT]

The team key comes from ECONDATA_TEAM_KEY or --key-profile NAME (the OS keychain). Without --upstream,
an embedded sandbox serves demo data (or ECONDATA_DATA_DIR) for a demo. Without --redis, the state
(tokens, cache, quota) lives in this process only.`;

class UsageError extends Error {}

interface Args {
  positional: string[];
  flags: Map<string, string[]>;
}

const VALUE_FLAGS = new Set(['upstream', 'port', 'host', 'redis', 'plan', 'key-profile', 'cert', 'key', 'cache-ttl', 'audit-log', 'user', 'share', 'time-scale', 'window-ms', 'cors-origin']);

function parse(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      flags.set('help', ['']);
      continue;
    }
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!VALUE_FLAGS.has(name)) throw new UsageError(`Unknown option --${name}.`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { positional, flags };
}

const one = (args: Args, name: string): string | undefined => args.flags.get(name)?.at(-1);

function positiveNumber(args: Args, name: string, fallback: number): number {
  const raw = one(args, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`--${name} must be a positive number, got ${JSON.stringify(raw)}.`);
  return n;
}

async function openState(args: Args): Promise<GatewayState> {
  const url = one(args, 'redis');
  if (url === undefined) return new MemoryState();
  const state = new RedisState({ url });
  try {
    await state.connect();
  } catch (error) {
    await state.close();
    throw new UsageError(`Redis at ${redisWhere(url)} does not answer (${error instanceof Error ? error.message : String(error)}). Start it, or check --redis.`);
  }
  return state;
}

async function teamKey(args: Args, plan: PlanName, embedded: boolean): Promise<string> {
  const profile = one(args, 'key-profile');
  const env = process.env['ECONDATA_TEAM_KEY'];
  if (profile !== undefined) {
    const key = await new KeytarKeyStore().get(profile);
    if (key === undefined) throw new UsageError(`The OS keychain has no key for profile "${profile}". Save it from the explorer's Connection screen, or set ECONDATA_TEAM_KEY.`);
    return key;
  }
  if (env !== undefined && env !== '') return env;
  if (embedded) return `sandbox-${plan}`;
  throw new UsageError('No team key: set ECONDATA_TEAM_KEY, or give --key-profile NAME (a profile whose key is in the OS keychain).');
}

async function users(args: Args): Promise<void> {
  const [, action, name] = args.positional;
  if (one(args, 'redis') === undefined) {
    throw new UsageError('The users commands change the state of a gateway that runs with --redis: give the same --redis. (A gateway without Redis keeps its tokens in its own memory: start it with --user NAME to create them.)');
  }
  const state = await openState(args);
  try {
    if (action === 'add') {
      if (!name) throw new UsageError('users add needs a NAME.');
      const token = await addUser(state, name, positiveNumber(args, 'share', 0.5));
      console.log(`Added ${name}. Their personal token (shown once; give it to them, it is stored hashed):`);
      console.log(token);
    } else if (action === 'list') {
      const list = await listUsers(state);
      if (list.length === 0) console.log('No analysts yet: pnpm gateway users add NAME');
      for (const u of list) console.log(`${u.name}\tshare ${u.share}\tsince ${u.createdAt}`);
    } else if (action === 'revoke') {
      if (!name) throw new UsageError('users revoke needs a NAME.');
      if (!(await revokeUser(state, name))) throw new UsageError(`There is no analyst named "${name}" (pnpm gateway users list shows them).`);
      console.log(`Revoked ${name}: their token is refused by every instance from now on.`);
    } else {
      throw new UsageError(`Unknown users command ${JSON.stringify(action ?? '')}: add, list or revoke.`);
    }
  } finally {
    await state.close();
  }
}

async function serve(args: Args): Promise<void> {
  const planText = one(args, 'plan') ?? 'pro';
  if (!isPlanName(planText)) throw new UsageError(`--plan must be free, basic, pro or enterprise, got ${JSON.stringify(planText)}.`);
  const cert = one(args, 'cert');
  const keyFile = one(args, 'key');
  if ((cert === undefined) !== (keyFile === undefined)) throw new UsageError('HTTPS needs both --cert FILE and --key FILE.');
  let upstream = one(args, 'upstream');
  let closeSandbox: (() => Promise<void>) | undefined;
  if (upstream === undefined) {
    const sandbox = await startSandbox({ dataDir: process.env['ECONDATA_DATA_DIR'] });
    upstream = sandbox.url;
    closeSandbox = sandbox.close;
    console.log(`Upstream: an embedded sandbox at ${sandbox.url} (${sandbox.info.data}), for a demo. Give --upstream URL for the real service.`);
  }
  const key = await teamKey(args, planText, closeSandbox !== undefined);
  const state = await openState(args);
  const auditFile = one(args, 'audit-log');
  const audit = (entry: AuditEntry): void => {
    const line = `${JSON.stringify(entry)}\n`;
    if (auditFile) appendFileSync(auditFile, line);
    else process.stdout.write(`audit ${line}`);
  };
  const gateway = await startGateway({
    upstream, teamKey: key, plan: planText, state, audit,
    port: positiveNumber(args, 'port', 8790) | 0,
    host: one(args, 'host') ?? '127.0.0.1',
    cacheTtlMs: positiveNumber(args, 'cache-ttl', 3600) * 1000,
    timeScale: positiveNumber(args, 'time-scale', 1),
    windowMs: positiveNumber(args, 'window-ms', 50),
    ...(args.flags.has('cors-origin') ? { corsOrigins: args.flags.get('cors-origin')! } : {}),
    ...(cert && keyFile ? { tls: { cert: readFileSync(cert), key: readFileSync(keyFile) } } : {}),
  });
  console.log(`State: ${state.description}.`);
  for (const name of args.flags.get('user') ?? []) {
    console.log(`Token for ${name} (shown once):\n${await addUser(state, name, 0.5)}`);
  }
  console.log(`Econdata team gateway on ${gateway.url}/api/v1 (plan ${planText}); health ${gateway.url}/healthz, metrics ${gateway.url}/metrics.`);
  const stop = async (): Promise<void> => {
    await gateway.close();
    await state.close();
    await closeSandbox?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if (args.flags.has('help')) {
    console.log(HELP);
    return;
  }
  if (args.positional[0] === 'users') await users(args);
  else if (args.positional.length > 0) throw new UsageError(`Unknown command ${JSON.stringify(args.positional[0])}.`);
  else await serve(args);
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? `${error.message}\n\n${HELP}` : `gateway: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
