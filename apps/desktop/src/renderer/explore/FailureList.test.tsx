// @vitest-environment happy-dom
/**
 * The failure list names each failed query the way @econdata/ui's queryWords writes it: two trade
 * queries of one job that differ by their months say which months failed.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, NotFoundError } from '@econdata/core';
import { EconThemeProvider } from '@econdata/ui';
import { FailureList } from './FailureList.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// happy-dom's Animation.cancel() rejects with no one listening when Fluent's accordion unmounts;
// without element.animate Fluent's motion goes straight to its end state (as for reduced motion).
Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true, writable: true });
const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

const noop = (): void => undefined;

describe('FailureList', () => {
  it('names a trade query\'s months in each failure\'s heading', async () => {
    const failures = [
      { query: { kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' } as const, error: new ConnectionError('connect ECONNREFUSED 127.0.0.1:8787') },
      { query: { kind: 'trade', flow: 'imports', partner: 'CN', period: '2023-12' } as const, error: new NotFoundError('no data for 2023-12', { status: 404 }) },
    ];
    await act(async () => root.render(<EconThemeProvider><FailureList failures={failures} total={3} onOpenConnection={noop} /></EconThemeProvider>));
    const headings = [...host.querySelectorAll('.fui-Text')].map((el) => el.textContent).filter((t) => t?.startsWith('Could not'));
    expect(headings).toEqual(['Could not fetch Vietnam exports 2024-01 to 2024-06:', 'Could not fetch Vietnam imports from CN, 2023-12:']);
  });

  it('names the months in the list of a summarised wide fetch', async () => {
    const failures = ['2024-01', '2024-02', '2024-03', '2024-04'].map((m) => ({ query: { kind: 'trade', flow: 'exports', start_period: m, end_period: m } as const, error: new NotFoundError(`no data for ${m}`, { status: 404 }) }));
    await act(async () => root.render(<EconThemeProvider><FailureList failures={failures} total={6} onOpenConnection={noop} /></EconThemeProvider>));
    expect(host.querySelector('[data-testid="failure-summary"]')?.textContent).toMatch(/^4 of 6 series did not arrive \(4 [^)]+\)\./);
    // The list is behind "Show which": opened, each line starts with its query's months.
    await act(async () => { host.querySelector<HTMLButtonElement>('button')?.click(); });
    expect([...host.querySelectorAll('li')].map((li) => li.textContent?.split(':')[0])).toEqual([
      'Vietnam exports 2024-01 to 2024-01', 'Vietnam exports 2024-02 to 2024-02', 'Vietnam exports 2024-03 to 2024-03', 'Vietnam exports 2024-04 to 2024-04',
    ]);
  });
});
