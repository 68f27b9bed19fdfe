/**
 * Refresh on open's opt-in: the workbook setting (office-addin-mock, one sync) and what Office is
 * asked (a fake office.js): load with the document and show the taskpane with it, or neither.
 */
import { describe, expect, it } from 'vitest';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { readRefreshOnOpen, REFRESH_ON_OPEN_SETTING, setRefreshOnOpen, type OfficeStartupApi } from './startup.ts';

function fakeOffice(sharedRuntime: boolean | 'throws'): { office: OfficeStartupApi; calls: string[] } {
  const calls: string[] = [];
  const office: OfficeStartupApi = {
    addin: { setStartupBehavior: async (b) => void calls.push(`setStartupBehavior ${b}`) },
    StartupBehavior: { load: 'Load', none: 'None' },
    context: {
      requirements: {
        isSetSupported: (name, version) => {
          if (sharedRuntime === 'throws') throw new Error('no host');
          calls.push(`isSetSupported ${name} ${version}`);
          return sharedRuntime;
        },
      },
      document: {
        settings: {
          set: (n, v) => void calls.push(`set ${n}=${String(v)}`),
          remove: (n) => void calls.push(`remove ${n}`),
          saveAsync: (cb) => {
            calls.push('saveAsync');
            cb?.({ status: 'succeeded' });
          },
        },
      },
    },
  };
  return { office, calls };
}

describe('refresh on open: the opt-in', () => {
  it('on: the workbook setting (one sync), then Office loads the add-in and shows the taskpane with this document', async () => {
    const model = new WorkbookModel();
    const { office, calls } = fakeOffice(true);
    expect(await setRefreshOnOpen(mockExcel(model), office, true)).toBe('set');
    expect(model.syncs).toBe(1);
    expect(model.settings.get(REFRESH_ON_OPEN_SETTING)).toBe(true);
    expect(calls).toEqual(['isSetSupported SharedRuntime 1.1', 'setStartupBehavior Load', 'set Office.AutoShowTaskpaneWithDocument=true', 'saveAsync']);
    expect(await readRefreshOnOpen(mockExcel(model))).toBe(true);

    calls.length = 0;
    expect(await setRefreshOnOpen(mockExcel(model), office, false)).toBe('set');
    expect(model.settings.has(REFRESH_ON_OPEN_SETTING)).toBe(false);
    expect(calls).toEqual(['isSetSupported SharedRuntime 1.1', 'setStartupBehavior None', 'remove Office.AutoShowTaskpaneWithDocument', 'saveAsync']);
    expect(await readRefreshOnOpen(mockExcel(model))).toBe(false);
  });

  it('a host without the shared runtime (Excel on iPad, a plain browser) keeps the setting alone and says so', async () => {
    for (const support of [false, 'throws'] as const) {
      const model = new WorkbookModel();
      const { office, calls } = fakeOffice(support);
      expect(await setRefreshOnOpen(mockExcel(model), office, true)).toBe('unsupported');
      expect(model.settings.get(REFRESH_ON_OPEN_SETTING)).toBe(true);
      expect(calls.filter((c) => !c.startsWith('isSetSupported'))).toEqual([]);
    }
    expect(await setRefreshOnOpen(mockExcel(new WorkbookModel()), undefined, true)).toBe('unsupported');
  });

  it('a failed save of the document setting is an error that says so', async () => {
    const { office } = fakeOffice(true);
    const settings = office.context?.document?.settings;
    if (settings) settings.saveAsync = (cb) => cb?.({ status: 'failed', error: { message: 'the document is read-only' } });
    await expect(setRefreshOnOpen(mockExcel(new WorkbookModel()), office, true)).rejects.toThrow('Office could not save the document setting: the document is read-only');
  });
});
