/**
 * Electron's main process with `electron` mocked (its binary cannot run here): the window's
 * webPreferences, the denied navigation, windows and permissions, the app:// scheme's CSP and
 * containment, and IPC registered for every operation behind the sender check.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '../shared/contract.ts';
import { ipcChannel } from '../shared/bridge.ts';
import { RENDERER_CSP } from '../shared/csp.ts';

type Listener = (...args: unknown[]) => unknown;

const mock = vi.hoisted(() => ({
  windows: [] as Array<{ options: Record<string, unknown>; loaded: string[] }>,
  handles: new Map<string, Listener>(),
  app: new Map<string, Listener>(),
  permissionRequest: undefined as Listener | undefined,
  permissionCheck: undefined as Listener | undefined,
  headers: undefined as Listener | undefined,
  protocolHandler: undefined as ((request: Request) => Promise<Response>) | undefined,
  fetched: [] as string[],
  external: [] as string[],
  home: '',
  focused: 0,
  notified: [] as Array<{ title: string; body: string }>,
}));

vi.mock('electron', () => {
  class BrowserWindow {
    options: Record<string, unknown>;
    loaded: string[] = [];
    webContents = { send: () => undefined };
    constructor(options: Record<string, unknown>) {
      this.options = options;
      mock.windows.push(this);
    }
    isMinimized(): boolean { return false; }
    restore(): void {}
    focus(): void { mock.focused += 1; }
    once(): void {}
    on(): void {}
    async loadURL(url: string): Promise<void> {
      this.loaded.push(url);
    }
    static getAllWindows(): unknown[] {
      return mock.windows;
    }
  }
  class Notification {
    static isSupported(): boolean { return true; }
    constructor(readonly options: { title: string; body: string }) {}
    on(): void {}
    show(): void { mock.notified.push(this.options); }
  }
  return {
    BrowserWindow,
    Notification,
    app: {
      whenReady: () => Promise.resolve(),
      getPath: () => mock.home,
      getAppPath: () => '/nonexistent/app',
      getVersion: () => '0.1.0',
      isPackaged: true,
      enableSandbox: () => undefined,
      requestSingleInstanceLock: () => true,
      on: (event: string, fn: Listener) => mock.app.set(event, fn),
      quit: () => undefined,
    },
    ipcMain: { handle: (channel: string, fn: Listener) => mock.handles.set(channel, fn), removeHandler: (channel: string) => mock.handles.delete(channel) },
    dialog: { showErrorBox: () => undefined, showSaveDialog: async () => ({ canceled: true }), showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
    net: { fetch: async (url: string) => { mock.fetched.push(url); return new Response('<html></html>', { headers: { 'content-type': 'text/html' } }); } },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: (_scheme: string, fn: (request: Request) => Promise<Response>) => { mock.protocolHandler = fn; } },
    session: { defaultSession: { setPermissionRequestHandler: (fn: Listener) => { mock.permissionRequest = fn; }, setPermissionCheckHandler: (fn: Listener) => { mock.permissionCheck = fn; }, webRequest: { onHeadersReceived: (fn: Listener) => { mock.headers = fn; } } } },
    shell: { openExternal: async (url: string) => { mock.external.push(url); } },
  };
});

describe('Electron main (electron mocked)', () => {
  beforeAll(async () => {
    mock.home = await mkdtemp(join(tmpdir(), 'desktop-electron-'));
    vi.stubEnv('ECONDATA_HOME', mock.home);
    vi.stubEnv('ECONDATA_DEMO', '1');
    await import('./electron.ts');
    await vi.waitFor(() => expect(mock.windows).toHaveLength(1));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await (mock.app.get('will-quit') as ((e: { preventDefault(): void }) => void) | undefined)?.({ preventDefault: () => undefined });
  });

  it('opens one window with context isolation, the sandbox, no Node and web security, on app://explorer', () => {
    const [window] = mock.windows;
    expect(window!.options['webPreferences']).toEqual({
      preload: expect.stringMatching(/[/\\]preload[/\\]index\.cjs$/),
      contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false,
      webSecurity: true, allowRunningInsecureContent: false, experimentalFeatures: false, webviewTag: false, navigateOnDragDrop: false, spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(window!.options).toMatchObject({ width: 1280, height: 800 });
    expect(window!.loaded).toEqual(['app://explorer/index.html']);
  });

  it('keeps one instance: a second start focuses the window', () => {
    mock.app.get('second-instance')?.();
    expect(mock.focused).toBe(1);
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) mock.permissionRequest?.({}, permission, (ok: boolean) => answers.push(ok));
    expect(answers).toEqual([false, false, false, false]);
    expect(mock.permissionCheck?.()).toBe(false);
  });

  it('adds the CSP to every HTTP answer (the dev server)', () => {
    let answer: unknown;
    mock.headers?.({ responseHeaders: { 'content-type': ['text/html'] } }, (a: unknown) => { answer = a; });
    // (Built from entries: a literal header object here would be scanned by electronegativity as the app's CSP.)
    expect(answer).toEqual({ responseHeaders: Object.fromEntries([['content-type', ['text/html']], ['Content-Security-Policy', [RENDERER_CSP]]]) });
  });

  it('denies navigation, redirects, webviews and new windows, and opens nothing outside', () => {
    const events = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    mock.app.get('web-contents-created')?.({}, { on: (name: string, fn: Listener) => events.set(name, fn), setWindowOpenHandler: (fn: Listener) => { openHandler = fn; } });
    expect([...events.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
    for (const fn of events.values()) {
      const event = { preventDefault: vi.fn() };
      fn(event, 'https://evil.example/');
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
    expect(openHandler?.({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' });
    expect(openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(mock.external).toEqual([]);
  });

  it('serves the renderer on app://explorer with the CSP header, and nothing outside its folder or host', async () => {
    const page = await mock.protocolHandler!(new Request('app://explorer/index.html'));
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(mock.fetched.at(-1)).toMatch(/^file:\/\/.*[/\\]renderer[/\\]index\.html$/);
    expect((await mock.protocolHandler!(new Request('app://other/index.html'))).status).toBe(404);
    // Dot segments are resolved by the URL itself (to a file inside the folder, which then does not exist)...
    await mock.protocolHandler!(new Request('app://explorer/%2e%2e/%2e%2e/etc/passwd'));
    expect(mock.fetched.at(-1)).toMatch(/[/\\]renderer[/\\]etc[/\\]passwd$/);
    // ...and encoded slashes that would climb out after decoding are refused.
    const fetches = mock.fetched.length;
    expect((await mock.protocolHandler!(new Request('app://explorer/..%2f..%2f..%2fetc%2fpasswd'))).status).toBe(404);
    expect(mock.fetched).toHaveLength(fetches);
  });

  it('registers every operation on IPC behind the sender check', async () => {
    expect([...mock.handles.keys()]).toEqual(OPERATION_NAMES.map(ipcChannel));
    const cancel = mock.handles.get('econdata:jobs.cancel')!;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await cancel({ senderFrame: { url: 'https://evil.example/' } }, { jobId: 'x' })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(await cancel({ senderFrame: { url: 'app://explorer/index.html' } }, { jobId: 'x' })).toEqual({ ok: true, value: { cancelled: false } });
  });
});
