/**
 * What every Chromium suite of the add-in's page starts before its tests and stops after them: a
 * sandbox on the real data over loopback HTTP, the add-in's page served by its own Vite
 * configuration (addin-server.ts), and headless Chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '@econdata/sandbox';
import { serveAddin, type AddinServer } from './addin-server.ts';
import { launchChromium } from './chromium.ts';
import { realDataDir, repoRoot } from './paths.ts';

export interface AddinBrowser {
  readonly sandbox: Sandbox;
  readonly server: AddinServer;
  readonly browser: Browser;
  /**
   * A fresh context at 1280x800 on the add-in's page, once its heading shows, with the page's
   * uncaught errors collected. The dev server transforms the page's modules on first request: on a
   * loaded machine that takes over 30 s, hence the long waits.
   */
  openPage(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }>;
  /** Stops the sandbox now (a suite that checks what happens when the service is gone). */
  closeSandbox(): Promise<void>;
}

/** Where the suites' screenshots go (made by the fixture). */
export const SCREENSHOTS = join(repoRoot, '.test-results/screenshots');

/**
 * Registers the suite's beforeAll/afterAll; the returned object's fields are set once beforeAll ran.
 * `sandboxOptions`, called in beforeAll, changes the sandbox's (a suite that revises its own copy of
 * the data folder: `{ dataDir: copy, watch: false }`).
 */
export function useAddinBrowser(sandboxOptions?: () => SandboxOptions): AddinBrowser {
  let sandbox: Sandbox | undefined;
  let server: AddinServer | undefined;
  let browser: Browser | undefined;
  let sandboxClosed = false;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    sandbox = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), ...sandboxOptions?.() });
    server = await serveAddin();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (!sandboxClosed) await sandbox?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useAddinBrowser: read in a test, after beforeAll has run.');
    return value;
  };
  return {
    get sandbox() { return started(sandbox); },
    get server() { return started(server); },
    get browser() { return started(browser); },
    async openPage() {
      const context = await started(browser).newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.goto(started(server).pageURL, { timeout: 180_000 });
      await page.getByRole('heading', { name: 'Econdata' }).waitFor({ timeout: 150_000 });
      return { context, page, pageErrors };
    },
    async closeSandbox() {
      sandboxClosed = true;
      await started(sandbox).close();
    },
  };
}
