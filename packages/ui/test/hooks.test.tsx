// @vitest-environment happy-dom
import './support/no-animations.ts';
import { AuthenticationError } from '@econdata/core';
import { act, cleanup, configure, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataProvider, EconThemeProvider, IndicatorBrowser, SourcePicker, useCatalogue, useCountries, useIndicators, useQuota, useSources } from '../src/index.ts';
import { createFakeEconDataApi, sampleQuota, type FakeEconDataApi } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const wrapper = (api: FakeEconDataApi) => function Wrapper({ children }: { children: ReactNode }): ReactNode {
  return <EconThemeProvider><EconDataProvider api={api} timeZone="UTC" baseURL="http://127.0.0.1:8000/api/v1">{children}</EconDataProvider></EconThemeProvider>;
};

describe('useSources / useCountries', () => {
  it('go from loading to ready', async () => {
    const api = createFakeEconDataApi();
    const { result } = renderHook(() => ({ sources: useSources(), countries: useCountries() }), { wrapper: wrapper(api) });
    expect(result.current.sources.status).toBe('loading');
    await waitFor(() => expect(result.current.sources.status).toBe('ready'));
    expect(result.current.sources.data?.map((s) => s.code)).toEqual(['WB', 'IMF', 'GSO']);
    await waitFor(() => expect(result.current.countries.data?.length).toBe(20));
    expect(result.current.countries.empty).toBe(false);
  });

  it('report an empty answer as empty, and an error as the error received (serialized or not), and reload', async () => {
    const serialized = new AuthenticationError('Invalid API key', { status: 401 }).toJSON();
    const api = createFakeEconDataApi({ empty: { listCountries: true }, fail: { listSources: serialized } });
    const { result } = renderHook(() => ({ sources: useSources(), countries: useCountries() }), { wrapper: wrapper(api) });
    await waitFor(() => expect(result.current.sources.status).toBe('error'));
    expect(result.current.sources.error).toBe(serialized);
    await waitFor(() => expect(result.current.countries.empty).toBe(true));
    api.setFailure('listSources', undefined);
    act(() => result.current.sources.reload());
    await waitFor(() => expect(result.current.sources.status).toBe('ready'));
    expect(api.calls.filter((c) => c.method === 'listSources').length).toBe(2);
  });
});

describe('the same data asked from several places at once', () => {
  it('is fetched once while it loads (the explorer asks for the catalogue from four places, the countries from two), and again on reload', async () => {
    const api = createFakeEconDataApi({ delayMs: 30 });
    const { result } = renderHook(() => ({
      catalogues: [useCatalogue(), useCatalogue(), useCatalogue(), useCatalogue()],
      countries: [useCountries(), useCountries()],
      sources: [useSources(), useSources()],
    }), { wrapper: wrapper(api) });
    await waitFor(() => expect([...result.current.catalogues, ...result.current.countries, ...result.current.sources].every((s) => s.status === 'ready')).toBe(true));
    expect(result.current.catalogues.map((c) => c.data?.entries.length)).toEqual(Array(4).fill(result.current.catalogues[0]!.data!.entries.length));
    expect(result.current.catalogues[0]!.data!.entries.length).toBeGreaterThan(0);
    const count = (method: string): number => api.calls.filter((c) => c.method === method).length;
    expect([count('catalogue'), count('listCountries'), count('listSources')]).toEqual([1, 1, 1]);
    // Nothing is kept once a load has settled: a reload asks again.
    act(() => result.current.countries[1]!.reload());
    await waitFor(() => expect(count('listCountries')).toBe(2));
    await waitFor(() => expect(result.current.countries[1]!.status).toBe('ready'));
  });

  it('aborts only the wait of a caller that leaves: the others still get the answer', async () => {
    const api = createFakeEconDataApi({ delayMs: 40 });
    const seen: Record<string, string> = {};
    function Countries({ id }: { id: string }): ReactNode {
      const { status, data } = useCountries();
      seen[id] = `${status} ${data?.length ?? 0}`;
      return null;
    }
    const Wrapper = wrapper(api);
    const view = render(<Wrapper><Countries key="leaves" id="leaves" /><Countries key="stays" id="stays" /></Wrapper>);
    expect(seen).toEqual({ leaves: 'loading 0', stays: 'loading 0' });
    view.rerender(<Wrapper><Countries key="stays" id="stays" /></Wrapper>);
    await waitFor(() => expect(seen['stays']).toBe('ready 20'));
    expect(seen['leaves']).toBe('loading 0');
    expect(api.calls.filter((c) => c.method === 'listCountries').length).toBe(1);
  });
});

describe('useIndicators', () => {
  it('is idle without a source, debounces the search, and aborts the stale request', async () => {
    const api = createFakeEconDataApi({ delayMs: 30 });
    const { result, rerender } = renderHook(({ source, q }: { source: string | undefined; q: string }) => useIndicators(source, q, { debounceMs: 40 }), { wrapper: wrapper(api), initialProps: { source: undefined as string | undefined, q: '' } });
    expect(result.current.status).toBe('idle');
    expect(api.calls).toEqual([]);
    rerender({ source: 'WB', q: '' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data?.length).toBe(8);
    // Three keystrokes inside the debounce window: one request, for the last text.
    rerender({ source: 'WB', q: 'g' });
    rerender({ source: 'WB', q: 'gd' });
    rerender({ source: 'WB', q: 'gdp' });
    await waitFor(() => expect(result.current.data?.map((i) => i.code)).toEqual(['NY.GDP.MKTP.CD', 'NY.GDP.PCAP.CD', 'NY.GDP.MKTP.KD.ZG', 'NE.EXP.GNFS.ZS']));
    expect(api.calls.filter((c) => c.method === 'listSourceIndicators').map((c) => c.arg)).toEqual([{ source_code: 'WB' }, { source_code: 'WB', q: 'gdp' }]);
    // A new search while one is in flight aborts the one in flight.
    rerender({ source: 'WB', q: 'population' });
    await waitFor(() => expect(api.calls.length).toBe(3));
    rerender({ source: 'WB', q: 'inflation' });
    await waitFor(() => expect(result.current.data?.map((i) => i.code)).toEqual(['FP.CPI.TOTL.ZG']));
    const calls = api.calls.filter((c) => c.method === 'listSourceIndicators');
    expect(calls[2]?.arg).toEqual({ source_code: 'WB', q: 'population' });
    expect(calls[2]?.signal?.aborted).toBe(true);
    expect(calls[3]?.signal?.aborted).toBe(false);
  });

  it("keeps the list during a new search of the same source, never another source's list", async () => {
    const api = createFakeEconDataApi({ delayMs: 30 });
    const { result, rerender } = renderHook(({ source, q }: { source: string; q: string }) => useIndicators(source, q, { debounceMs: 10 }), { wrapper: wrapper(api), initialProps: { source: 'WB', q: '' } });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ source: 'WB', q: 'gdp' });
    expect(result.current.status).toBe('loading');
    expect(result.current.data?.length).toBe(8);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ source: 'IMF', q: 'gdp' });
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data?.map((i) => i.code)).toEqual(['NGDPD', 'NGDP_RPCH', 'BCA_NGDPD', 'GGXWDG_NGDP']));
  });
});

describe('useQuota', () => {
  it('follows onQuotaChange', async () => {
    const api = createFakeEconDataApi({ quota: sampleQuota('free', { minuteUsed: 1, dayUsed: 8 }) });
    const { result } = renderHook(() => useQuota(), { wrapper: wrapper(api) });
    expect(result.current?.day.remaining).toBe(92);
    act(() => api.setQuota(sampleQuota('free', { minuteUsed: 2, dayUsed: 9 })));
    expect(result.current?.day.remaining).toBe(91);
  });
  it('is undefined for a client without a ledger', () => {
    const { result } = renderHook(() => useQuota(), { wrapper: wrapper(createFakeEconDataApi()) });
    expect(result.current).toBeUndefined();
  });
});

describe('loading, error and empty states in the pickers', () => {
  it('shows a spinner, then the described error with Retry', async () => {
    const api = createFakeEconDataApi({ fail: { listSources: { name: 'EconError', code: 'connection', message: 'Network Error', retryable: true } } });
    render(<SourcePicker value={undefined} onChange={() => undefined} />, { wrapper: wrapper(api) });
    expect(screen.getByText('Loading sources…')).toBeTruthy();
    await screen.findByText('Cannot reach the service');
    expect(screen.getByText('The service cannot be reached at http://127.0.0.1:8000/api/v1. Check the address and your network connection, then retry.')).toBeTruthy();
    api.setFailure('listSources', undefined);
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    await screen.findByRole('combobox', { name: 'Source' });
  });
  it('says when a search matches nothing', async () => {
    const api = createFakeEconDataApi();
    function Host(): ReactNode {
      return <IndicatorBrowser source="IMF" selected={[]} onChange={() => undefined} />;
    }
    render(<Host />, { wrapper: wrapper(api) });
    await screen.findByRole('checkbox', { name: 'Unemployment rate (LUR)' });
    act(() => { (screen.getByRole('searchbox') as HTMLInputElement).focus(); });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await screen.findByText('No IMF indicator matches “zzz”');
  });
});
