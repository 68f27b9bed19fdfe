// A stand-in for the electron module, so the built main process can boot under plain Node (the Electron binary cannot be downloaded here).
const handles = new Map();
globalThis.__electronStub = { handles, windows: [] };
const noop = () => undefined;
export const app = {
  whenReady: () => Promise.resolve(), getPath: () => process.env.ECONDATA_HOME, getAppPath: () => process.cwd(),
  getVersion: () => '0.1.0', isPackaged: true, enableSandbox: noop, requestSingleInstanceLock: () => true, on: noop, quit: noop,
};
export class BrowserWindow {
  constructor(options) { this.options = options; this.webContents = { send: noop }; globalThis.__electronStub.windows.push(this); }
  once() {} on() {} isMinimized() { return false; } restore() {} focus() {} async loadURL(url) { this.url = url; }
  static getAllWindows() { return globalThis.__electronStub.windows; }
}
export const ipcMain = { handle: (c, fn) => handles.set(c, fn), removeHandler: (c) => handles.delete(c) };
export const dialog = { showErrorBox: (t, m) => console.error('ERRORBOX', t, m), showSaveDialog: async () => ({ canceled: true }), showOpenDialog: async () => ({ canceled: true, filePaths: [] }) };
export const net = { fetch: async () => new Response('') };
export const protocol = { registerSchemesAsPrivileged: noop, handle: noop };
export const session = { defaultSession: { setPermissionRequestHandler: noop, setPermissionCheckHandler: noop, webRequest: { onHeadersReceived: noop } } };
export const shell = {};
export const clipboard = { write: async () => undefined };
export class ClipboardItem { constructor(items) { this.types = Object.keys(items); } }
/** The boot has no desktop to show a notification on (as Electron on a headless Linux). */
export class Notification { static isSupported() { return false; } constructor(options) { this.options = options; } on() {} show() {} }
export const contextBridge = {}; export const ipcRenderer = {};
export default { app, BrowserWindow, ipcMain, dialog, net, protocol, session, shell, clipboard, ClipboardItem, Notification };
