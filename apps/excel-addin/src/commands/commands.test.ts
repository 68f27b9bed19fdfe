import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAddinRuntime } from '../runtime/runtime.ts';
import { MemoryStorage } from '../runtime/storage.ts';
import { bindRibbon, RIBBON_FUNCTIONS } from './commands.ts';

function setUp() {
  const runtime = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory() });
  const actions = new Map<string, (event: { completed(): void }) => unknown>();
  const log: string[] = [];
  let onShow: () => void = () => undefined;
  bindRibbon(runtime, {
    associate: (name, action) => actions.set(name, action),
    showTaskpane: async () => {
      log.push('show');
      onShow();
    },
  });
  runtime.commands.onFailure((f) => log.push(`failure ${f.command}: ${f.message}`));
  const press = async (name: string): Promise<void> => {
    await new Promise<void>((resolve) => void actions.get(name)!({ completed: () => { log.push('completed'); resolve(); } }));
  };
  return { runtime, actions, log, press, setOnShow: (fn: () => void) => { onShow = fn; } };
}

describe('ribbon commands', () => {
  it('binds one ExecuteFunction per command', () => {
    const { actions } = setUp();
    expect([...actions.keys()]).toEqual(Object.values(RIBBON_FUNCTIONS));
    expect(RIBBON_FUNCTIONS).toEqual({ refreshAll: 'refreshAllBlocks', insertAtSelection: 'insertAtSelection' });
  });

  it('refresh runs the handler the taskpane registered, without opening it, and completes the event', async () => {
    const { runtime, log, press } = setUp();
    runtime.commands.register('refreshAll', async () => { log.push('refreshed'); });
    await press('refreshAllBlocks');
    expect(log).toEqual(['refreshed', 'completed']);
  });

  it('before the taskpane has mounted, a command opens it, waits for its handler, then runs', async () => {
    const { runtime, log, press, setOnShow } = setUp();
    setOnShow(() => setTimeout(() => runtime.commands.register('refreshAll', async () => { log.push('refreshed'); }), 5));
    await press('refreshAllBlocks');
    expect(log).toEqual(['show', 'refreshed', 'completed']);
  });

  it('insert always shows the taskpane (it holds the query) and a failure reaches the taskpane as a sentence', async () => {
    const { runtime, log, press } = setUp();
    runtime.commands.register('insertAtSelection', async () => { throw new Error('Select a cell on a worksheet first.'); });
    await press('insertAtSelection');
    expect(log).toEqual(['show', 'failure insertAtSelection: Insert at selection failed: Select a cell on a worksheet first.', 'completed']);
  });

  it('a handler removed by an unmounted taskpane is not called again', async () => {
    const { runtime } = setUp();
    const off = runtime.commands.register('refreshAll', async () => undefined);
    off();
    expect(runtime.commands.has('refreshAll')).toBe(false);
    await expect(runtime.commands.run('refreshAll')).rejects.toThrow('"Refresh all blocks" needs the Econdata taskpane: open it (Home > Econdata > Open), then try again.');
  });
});
