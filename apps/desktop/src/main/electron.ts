/**
 * Electron's main process: one hardened window on the explorer's page, the IPC bridge to main's
 * services, native file dialogs. Everything else (profiles, keys, client, sandbox, files) lives in
 * the services, which run without Electron.
 *
 * Hardening (Electron's security checklist): context isolation, the renderer sandbox, no Node in
 * the page, webSecurity on; the page served from a privileged app:// scheme with a strict CSP header;
 * navigation, new windows, webviews and every permission request denied; IPC handlers registered once
 * behind a sender check. Fuses (RunAsNode off, ...) are set by electron-builder (electron-builder.yml).
 */
import { join, normalize, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, ClipboardItem, Notification, app, clipboard, dialog, ipcMain, net, protocol, session } from 'electron';
import { EVENT_CHANNEL } from '../shared/bridge.ts';
import { RENDERER_CSP } from '../shared/csp.ts';
import { registerIpc, trustedSender } from './ipc.ts';
import { newDataNotice } from './notify.ts';
import { appFolders, findDataDir } from './paths.ts';
import { createMainServices } from './services.ts';
import type { FileDialogs } from './services/files.ts';

const APP_ORIGIN = 'app://explorer';
const RENDERER_DIR = join(import.meta.dirname, '../renderer');
const DEV_URL = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();

let window: BrowserWindow | undefined;

const dialogs: FileDialogs = {
  async saveFile(defaultName, extension) {
    const options = { defaultPath: join(app.getPath('downloads'), defaultName), filters: [{ name: extension.toUpperCase(), extensions: [extension] }] };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || result.filePath === undefined ? null : result.filePath;
  },
  async openFile() {
    const options = { properties: ['openFile' as const], filters: [{ name: 'CSV or Excel export', extensions: ['csv', 'xlsx'] }] };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
};

const services = createMainServices({
  host: 'electron',
  folders: appFolders({ userData: app.getPath('userData') }),
  dataDir: findDataDir(app.getAppPath()),
  dialogs,
  clipboard: {
    // One item, so a paste takes the richest form its target reads (Excel and Word: the HTML table).
    write: ({ png, text, html }) => clipboard.write([new ClipboardItem({
      ...(png ? { 'image/png': new Blob([new Uint8Array(png)], { type: 'image/png' }) } : {}),
      ...(text === undefined ? {} : { 'text/plain': text }),
      ...(html === undefined ? {} : { 'text/html': html }),
    })]),
  },
  appVersion: app.getVersion(),
});

/** Serves out/renderer on app://explorer, with the CSP as a header; nothing outside that folder. */
function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const path = normalize(join(RENDERER_DIR, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
    const rel = relative(RENDERER_DIR, path);
    if (url.host !== 'explorer' || rel.startsWith('..') || isAbsolute(rel)) return new Response('Not found', { status: 404 });
    const file = await net.fetch(pathToFileURL(path).toString());
    const headers = new Headers(file.headers);
    headers.set('Content-Security-Policy', RENDERER_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(file.body, { status: file.status, headers });
  });
}

function harden(): void {
  // No page may ask for the camera, notifications, geolocation, ...: the explorer needs none.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // The CSP on every HTTP answer too (the dev server in development); app:// sets it in serveRenderer.
  // Written out (not RENDERER_CSP) so electronegativity can read and evaluate it; electron.test.ts
  // checks that it equals RENDERER_CSP.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': ["default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"] } });
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // No new windows at all: the explorer opens nothing outside itself (no openExternal either).
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

async function createWindow(): Promise<void> {
  window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Econdata explorer',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // A middle click must not open a link in a new window.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window?.show());
  const stop = services.onEvent((event) => {
    window?.webContents.send(EVENT_CHANNEL, event);
    // A check found new data: the OS says so too (the window may be hidden); a click brings it back.
    const notice = newDataNotice(event);
    if (notice && Notification.isSupported()) {
      const shown = new Notification(notice);
      shown.on('click', () => {
        if (window?.isMinimized()) window.restore();
        window?.focus();
      });
      shown.show();
    }
  });
  window.on('closed', () => {
    stop();
    window = undefined;
  });
  await window.loadURL(DEV_URL ?? `${APP_ORIGIN}/index.html`);
}

// One explorer at a time: a second start focuses the first window (both would share one home folder).
if (!app.requestSingleInstanceLock()) app.quit();
app.on('second-instance', () => {
  if (window?.isMinimized()) window.restore();
  window?.focus();
});

app.whenReady().then(async () => {
  harden();
  serveRenderer();
  registerIpc(ipcMain, services.dispatch, trustedSender(DEV_URL === undefined ? [APP_ORIGIN] : [APP_ORIGIN, new URL(DEV_URL).origin]));
  await createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow();
  });
}).catch((error: unknown) => {
  dialog.showErrorBox('Econdata explorer could not start', error instanceof Error ? error.message : String(error));
  app.quit();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let closing = false;
app.on('will-quit', (event) => {
  if (closing) return;
  closing = true;
  event.preventDefault();
  services.close().catch((error: unknown) => console.error('Stopping the explorer\'s services failed:', error)).finally(() => app.quit());
});
