import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '../shared/contract.ts';
import { type PreloadApi } from '../shared/bridge.ts';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } })),
  listeners: new Map<string, (event: unknown, payload: unknown) => void>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, fn: (event: unknown, payload: unknown) => void) => electron.listeners.set(channel, fn),
    removeListener: (channel: string) => electron.listeners.delete(channel),
  },
}));

describe('the preload', () => {
  beforeAll(async () => {
    await import('./index.ts');
  });

  it('exposes only named functions: one per operation, and an event subscription', async () => {
    expect([...electron.exposed.keys()]).toEqual(['econdata']);
    const api = electron.exposed.get('econdata') as PreloadApi;
    expect(Object.keys(api)).toEqual(['operations', 'onEvent']);
    expect(Object.keys(api.operations)).toEqual([...OPERATION_NAMES]);
    expect(Object.isFrozen(api.operations)).toBe(true);
    expect(await api.operations['library.open']({ id: 'x' })).toEqual({ ok: true, value: { channel: 'econdata:library.open', request: { id: 'x' } } });
  });

  it('hands events over without Electron\'s event object, and unsubscribes', () => {
    const api = electron.exposed.get('econdata') as PreloadApi;
    const got: unknown[] = [];
    const stop = api.onEvent((e) => got.push(e));
    electron.listeners.get('econdata:event')?.({ sender: 'ipcRenderer internals' }, { type: 'quota' });
    expect(got).toEqual([{ type: 'quota' }]);
    stop();
    expect(electron.listeners.has('econdata:event')).toBe(false);
  });
});
