/**
 * Helpers of the desktop explorer's end-to-end suite: web mode started the way the README starts it
 * (its CLI, as a child process, keys in the OS keychain), and a recorder of everything the page
 * could leak a key through (its network traffic, storage and DOM). The renderer it serves is built
 * by apps/desktop/test/support/renderer.ts from the shipped electron.vite.config.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';

/** Dates a file on a day (the sandbox dates each source by its newest file). */
function dateFile(path: string, day: string): void {
  const t = new Date(`${day}T12:00:00Z`);
  utimesSync(path, t, t);
}

/**
 * A data folder for a walk that revises data: the World Bank's files copied (dated `day`), every
 * other file linked to the real one (the shared data is never written).
 */
function copyOfData(dir: string, data: string, day: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(data)) {
    if (/^wb_/.test(f)) {
      copyFileSync(join(data, f), join(dir, f));
      dateFile(join(dir, f), day);
    } else {
      symlinkSync(join(data, f), join(dir, f));
    }
  }
}

/** The embedded sandbox's address, from main's session (through the bridge, with the page's token). */
export function sandboxURL(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="econdata-bridge-token"]')?.content ?? '';
    const answer = await fetch('/bridge/session.status', { method: 'POST', headers: { 'content-type': 'application/json', 'x-econdata-token': token }, body: '{}' });
    return ((await answer.json()) as { value: { service: { baseURL: string } } }).value.service.baseURL;
  });
}

/** Viet Nam's 2023 GDP in the World Bank's file, and the revision the data-changing walks make. */
const VN_GDP_2023 = { old: 433805036898.465, revised: 441000000000 };

/**
 * The World Bank revises Viet Nam's 2023 GDP in the walk's data copy (the file dated `day`), and the
 * embedded sandbox reads its folder again; gives the reload's answer.
 */
export async function reviseVietnamGdp(page: Page, data: string, day: string): Promise<{ last_updated: Record<string, string> }> {
  const file = join(data, 'wb_wdi_values.csv');
  const line = (value: number): string => `NY.GDP.MKTP.CD,VNM,2023,${value}\n`;
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(line(VN_GDP_2023.old));
  writeFileSync(file, text.replace(line(VN_GDP_2023.old), line(VN_GDP_2023.revised)));
  dateFile(file, day);
  const answer = await fetch(`${await sandboxURL(page)}/_sandbox/reload`, { method: 'POST' });
  expect(answer.ok).toBe(true);
  return (await answer.json()) as { last_updated: Record<string, string> };
}

/** What a data-changing walk works with: its data copy, web mode on it, and a 1280x800 page. */
export interface RevisableWalk {
  /** The walk's copy of the data folder (World Bank files copied, dated 2026-11-20; the rest linked). */
  data: string;
  web: WebMode;
  page: Page;
}

/**
 * The lifecycle of a walk that revises data: web mode (in-memory key store) on a copy of the real
 * data in a temp folder, Chromium at 1280x800; on the way out the last screen is kept as
 * `.test-results/screenshots/<name>-last.png` and everything is stopped and removed.
 */
export function useRevisableWalk(name: string): RevisableWalk {
  const work = mkdtempSync(join(tmpdir(), `econdata-${name}-`));
  const walk = { data: join(work, 'data') } as RevisableWalk;
  let browser: Browser | undefined;
  beforeAll(async () => {
    copyOfData(walk.data, realDataDir ?? '', '2026-11-20');
    const rendererDir = await buildRenderer(work);
    walk.web = await startWebMode({ home: join(work, 'home'), dataDir: walk.data, rendererDir, keyStore: 'memory' });
    browser = await launchChromium();
    walk.page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  }, 240_000);
  afterAll(async () => {
    await walk.page?.screenshot({ path: join(repoRoot, `.test-results/screenshots/${name}-last.png`) }).catch(() => undefined);
    await browser?.close();
    await walk.web?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  return walk;
}

export interface WebMode {
  /** The address to open (with the per-run token). */
  url: string;
  /** Everything the CLI printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts web mode's CLI (`apps/desktop/src/web/cli.ts`) with its default key store, the OS keychain
 * (inside scripts/test.sh: the throwaway gnome-keyring of its private D-Bus session), and waits for
 * the address it prints.
 */
export async function startWebMode(options: { home: string; dataDir: string; rendererDir: string; keyStore?: 'os' | 'memory' }): Promise<WebMode> {
  const child: ChildProcess = spawn(process.execPath, [
    '--import', 'tsx', resolve(repoRoot, 'apps/desktop/src/web/cli.ts'),
    '--port', '0', '--data', options.dataDir, '--key-store', options.keyStore ?? 'os', '--renderer', options.rendererDir, '--no-open',
  ], { cwd: repoRoot, env: { ...process.env, ECONDATA_HOME: options.home, DISPLAY: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const m = /Econdata explorer \(web mode\): (\S+)/.exec(text);
      if (m?.[1]) resolveUrl(m[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code} before printing its address:\n${text}`)));
  });
  return {
    url,
    output: () => text,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
  };
}

/** What the page sent and received, and what it kept, as text to search. */
export class LeakRecorder {
  readonly requests: Array<{ url: string; headers: string; body: string; operation: string }> = [];
  readonly responses: Array<{ url: string; headers: string; body: string }> = [];
  readonly snapshots: Array<{ step: string; text: string }> = [];
  private pending: Array<Promise<void>> = [];

  /** Starts recording a page's traffic, the events main pushes included. */
  async attach(page: Page): Promise<void> {
    // An event stream's body never ends, so the page keeps each message it receives for the scan.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __bridgeEvents: string[] }).__bridgeEvents = seen;
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (e) => seen.push(String((e as MessageEvent).data)));
        }
      };
    });
    page.on('request', (r: Request) => {
      this.requests.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: r.postData() ?? '', operation: new URL(r.url()).pathname });
    });
    page.on('response', (r: Response) => {
      if ((r.headers()['content-type'] ?? '').includes('text/event-stream')) {
        this.responses.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: '' });
        return;
      }
      this.pending.push(r.body().then(
        (b) => { this.responses.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: b.toString('latin1') }); },
        // An event stream or a navigated-away response has no body to read: its headers still count.
        () => { this.responses.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: '' }); },
      ));
    });
  }

  /** Records the page's DOM (with every field's current value), storage and IndexedDB names. */
  async snapshot(page: Page, step: string): Promise<void> {
    const text = await page.evaluate(async () => {
      const fields = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
      const store = (s: Storage): string[] => Array.from({ length: s.length }, (_, i) => { const k = s.key(i) ?? ''; return `${k}=${s.getItem(k) ?? ''}`; });
      const dbs = 'databases' in indexedDB ? (await indexedDB.databases()).map((d) => d.name ?? '') : [];
      const events = (window as unknown as { __bridgeEvents?: string[] }).__bridgeEvents ?? [];
      return [document.documentElement.outerHTML, ...fields, ...store(localStorage), ...store(sessionStorage), ...dbs, document.cookie, ...events].join('\n');
    });
    this.snapshots.push({ step, text });
  }

  /** Waits for every response body being read. */
  async settle(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Where `secret` appears: each place named. */
  findings(secret: string): string[] {
    const out: string[] = [];
    for (const r of this.requests) {
      if (r.url.includes(secret)) out.push(`request URL ${r.url}`);
      if (r.headers.includes(secret)) out.push(`request headers of ${r.operation}`);
      if (r.body.includes(secret)) out.push(`request body of ${r.operation}`);
    }
    for (const r of this.responses) if (r.headers.includes(secret) || r.body.includes(secret)) out.push(`response of ${new URL(r.url).pathname}`);
    for (const s of this.snapshots) if (s.text.includes(secret)) out.push(`page (DOM, fields, storage or events) at step ${s.step}`);
    return out;
  }
}
