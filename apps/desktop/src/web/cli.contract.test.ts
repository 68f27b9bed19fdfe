/**
 * Web mode's command as a process, the way start.sh runs it: it prints its address, serves the
 * page and the bridge, stops cleanly (its embedded sandbox too) on SIGTERM, and refuses a bad flag
 * with what it expects.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../shared/bridge.ts';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), 'cli.ts');

function start(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function until<T>(get: () => T | undefined, what: string, ms = 60_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 100) {
    const value = get();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const refusesConnections = (port: number): Promise<boolean> => new Promise((resolve) => {
  const socket = connect(port, '127.0.0.1');
  socket.on('connect', () => { socket.destroy(); resolve(false); });
  socket.on('error', () => resolve(true));
});

describe('the web mode command', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints its address, serves page and bridge, and stops with its sandbox on SIGTERM', async () => {
    const home = await mkdtemp(join(tmpdir(), 'web-cli-'));
    const renderer = await mkdtemp(join(tmpdir(), 'web-cli-page-'));
    await writeFile(join(renderer, 'index.html'), '<!doctype html><html><head><title>explorer</title></head><body></body></html>');
    const run = start(['--key-store', 'memory', '--no-open', '--demo', '--renderer', renderer], { ECONDATA_HOME: home });
    children.push(run.child);
    const url = await until(() => /Econdata explorer \(web mode\): (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(run.output())?.[1], 'the address');
    expect(run.output()).toContain('This is the built-in sandbox, not the Economic Data Service');
    expect(run.output()).toContain('DEMO data');
    const sandboxPort = Number(/sandbox: http:\/\/127\.0\.0\.1:(\d+)/.exec(run.output())?.[1]);

    const { origin, searchParams } = new URL(url);
    expect(await (await fetch(url)).text()).toContain(`content="${searchParams.get('token')}"`);
    const status = await fetch(`${origin}/bridge/session.status`, { method: 'POST', headers: { 'content-type': 'application/json', [TOKEN_HEADER]: searchParams.get('token')! }, body: '{}' });
    expect(await status.json()).toMatchObject({ ok: true, value: { host: 'web', data: 'demo', service: { kind: 'sandbox' }, keyStore: 'memory' } });

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGTERM: stopping the explorer.');
    expect(await refusesConnections(sandboxPort)).toBe(true);
    expect(await refusesConnections(Number(new URL(origin).port))).toBe(true);
  });

  it('refuses a bad flag with what it expects, exit status 2', async () => {
    const run = start(['--port', 'abc'], {});
    children.push(run.child);
    expect(await run.exited).toBe(2);
    expect(run.output()).toBe('explorer: --port expects a whole number from 0 to 65535, e.g. --port 5180 (got "abc")\nusage: explorer-web [--port N] [--data DIR | --demo] [--key-store os|memory] [--renderer DIR | --dev] [--no-open]\n');
  });
});
