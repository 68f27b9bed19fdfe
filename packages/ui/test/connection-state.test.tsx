// @vitest-environment happy-dom
import './support/no-animations.ts';
import { ConnectionError, InvalidParameterError, NotFoundError, TimeoutError } from '@econdata/core';
import { act, cleanup, configure, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionWatch, EconDataProvider, EconThemeProvider, outcomeOf, QuotaMeter, useEconData, watchApi } from '../src/index.ts';
import { createFakeEconDataApi, sampleQuota } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const GDP = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' } as const;

describe('the connection state (issue 22, item 6: the quota dot stayed green with the service gone)', () => {
  it('reads each outcome: no answer, an answer (a refusal is one), or nothing to learn', () => {
    expect(outcomeOf(new ConnectionError('ECONNREFUSED'))).toMatchObject({ answered: false, who: 'service' });
    expect(outcomeOf(new TimeoutError('took too long'))).toMatchObject({ answered: false, who: 'service' });
    expect(outcomeOf({ name: 'BridgeError', code: 'bridge_unreachable', message: 'The explorer\'s local server did not answer.' })).toEqual({ answered: false, who: 'local', message: 'The explorer\'s local server did not answer.' });
    expect(outcomeOf(new NotFoundError('no such series', { status: 404 }))).toEqual({ answered: true });
    expect(outcomeOf(new InvalidParameterError('country', 'bad country'))).toBeNull();
  });

  it('reads fetchSeries per query: a query that reached no one wins over series the cache answered', async () => {
    const watch = createConnectionWatch();
    const refused = { ok: false as const, error: new ConnectionError('ECONNREFUSED') };
    const api = createFakeEconDataApi();
    const stub = (results: unknown[]) => watchApi({ ...api, fetchSeries: () => Promise.resolve(results) } as typeof api, watch);
    await stub([{ ok: true, series: { provenance: {} } }, refused]).fetchSeries([GDP, GDP]);
    expect(watch.state().status).toBe('not_answering');
    await stub([{ ok: true, series: { provenance: {} } }]).fetchSeries([GDP]);
    expect(watch.state().status).toBe('answering');
    await stub([{ ok: true, series: { provenance: { stale: true } } }]).fetchSeries([GDP]);
    expect(watch.state().status).toBe('not_answering');
  });

  it('turns to "not answering" when fetches reach no one, and back on the first answer', async () => {
    const api = createFakeEconDataApi({ quota: sampleQuota('pro') });
    const watch = createConnectionWatch({ now: () => new Date('2026-11-25T14:05:00Z') });
    const watched = watchApi(api, watch);
    const seen: string[] = [];
    watch.subscribe((s) => seen.push(s.status));
    api.setFailure('fetchSeries', new ConnectionError('connect ECONNREFUSED 127.0.0.1:8787'));
    await expect(watched.fetchSeries([GDP])).rejects.toThrow('ECONNREFUSED');
    expect(watch.state()).toEqual({ status: 'not_answering', who: 'service', at: new Date('2026-11-25T14:05:00Z'), message: expect.stringContaining('ECONNREFUSED') as string, checked: false });
    api.setFailure('fetchSeries', undefined);
    await watched.fetchSeries([GDP]);
    expect(watch.state().status).toBe('answering');
    api.setFailure('listSources', new TimeoutError('no answer in 30 s'));
    await expect(watched.listSources()).rejects.toThrow('no answer');
    expect(seen).toEqual(['not_answering', 'answering', 'not_answering']);
  });

  it('shows in the compact quota meter: the dot and the words change, and change back', async () => {
    const api = createFakeEconDataApi({ quota: sampleQuota('pro', { dayUsed: 16 }) });
    let port: ReturnType<typeof useEconData> | undefined;
    const Grab = (): ReactNode => { port = useEconData(); return null; };
    render(
      <EconThemeProvider>
        <EconDataProvider api={api} timeZone="UTC">
          <QuotaMeter variant="compact" />
          <Grab />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    const meter = (): HTMLElement => screen.getByTestId('connection-state');
    expect(meter().getAttribute('data-state')).toBe('unknown');
    expect(meter().textContent).toBe('Pro plan: 9,984 of 10,000 left today, 300 of 300 this minute');
    api.setFailure('fetchSeries', new ConnectionError('connect ECONNREFUSED'));
    await act(async () => { await port?.fetchSeries([GDP]).catch(() => undefined); });
    expect(meter().getAttribute('data-state')).toBe('not_answering');
    expect(meter().textContent).toBe('Not answering: the service');
    api.setFailure('fetchSeries', undefined);
    await act(async () => { await port?.fetchSeries([GDP]); });
    expect(meter().getAttribute('data-state')).toBe('answering');
    expect(meter().textContent).toContain('Pro plan');
  });

  it('says "since" when a reachability watch checks, and turns back by itself on its next answer', async () => {
    const api = createFakeEconDataApi({ quota: sampleQuota('pro', { dayUsed: 16 }) });
    const watch = createConnectionWatch({ now: () => new Date('2026-11-25T14:05:00Z'), checked: true });
    render(
      <EconThemeProvider>
        <EconDataProvider api={watchApi(api, watch)} connection={watch} timeZone="UTC">
          <QuotaMeter variant="compact" />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    const meter = (): HTMLElement => screen.getByTestId('connection-state');
    act(() => watch.report({ answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' }));
    expect([meter().getAttribute('data-state'), meter().textContent]).toEqual(['not_answering', 'Not answering since 14:05 UTC: the service']);
    act(() => watch.report({ answered: true }));
    expect(meter().getAttribute('data-state')).toBe('answering');
    expect(meter().textContent).toBe('Pro plan: 9,984 of 10,000 left today, 300 of 300 this minute');
  });
});
