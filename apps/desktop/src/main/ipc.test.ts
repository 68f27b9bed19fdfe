import { describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '../shared/contract.ts';
import { ipcChannel } from '../shared/bridge.ts';
import { registerIpc, trustedSender } from './ipc.ts';

type Handler = (event: { senderFrame?: { url: string } | null | undefined }, request: unknown) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    ipcMain: {
      handle: (channel: string, fn: Handler) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, fn);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
  };
}

describe('the IPC wrapper', () => {
  const isTrusted = trustedSender(['app://explorer']);

  it('trusts only the explorer\'s own page', () => {
    expect(isTrusted('app://explorer/index.html')).toBe(true);
    expect(isTrusted('app://explorer/')).toBe(true);
    expect(isTrusted('app://evil/index.html')).toBe(false);
    expect(isTrusted('https://evil.example/app://explorer')).toBe(false);
    expect(isTrusted('file:///home/user/index.html')).toBe(false);
    expect(isTrusted('http://localhost:5173/')).toBe(false);
    expect(isTrusted('')).toBe(false);
    expect(isTrusted(undefined)).toBe(false);
    expect(isTrusted('not a url')).toBe(false);
  });

  it('registers one handler per operation, once, and refuses a foreign sender before dispatching', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispatch = vi.fn(async (name: string) => ({ ok: true as const, value: name }));
    const unregister = registerIpc(ipcMain as never, dispatch, isTrusted);
    try {
      expect([...handlers.keys()]).toEqual(OPERATION_NAMES.map(ipcChannel));
      expect(() => registerIpc(ipcMain as never, dispatch, isTrusted)).toThrow('IPC handlers are already registered: register them once, at startup.');

      const status = handlers.get('econdata:session.status')!;
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      for (const frame of [{ url: 'https://evil.example/' }, { url: 'file:///tmp/x.html' }, null, undefined]) {
        expect(await status({ senderFrame: frame }, {})).toEqual({
          ok: false, error: { name: 'BridgeError', code: 'forbidden_sender', message: 'Only the explorer\'s own page may call it.' },
        });
      }
      expect(dispatch).not.toHaveBeenCalled();

      expect(await status({ senderFrame: { url: 'app://explorer/index.html' } }, { a: 1 })).toEqual({ ok: true, value: 'session.status' });
      expect(dispatch).toHaveBeenCalledWith('session.status', { a: 1 });
    } finally {
      unregister();
    }
    expect(handlers.size).toBe(0);
  });
});
