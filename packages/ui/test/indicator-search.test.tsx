// @vitest-environment happy-dom
import './support/no-animations.ts';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataProvider, EconThemeProvider, IndicatorSearch, keyValueMemoryStore, SearchQueryBuilder, type SearchEntry } from '../src/index.ts';
import { remember, toggleFavourite, readMemory, emptyMemory } from '../src/search/query-memory.ts';
import { createFakeEconDataApi, type FakeEconDataApi } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const wrap = (api: FakeEconDataApi, ui: ReactNode): ReactNode => <EconThemeProvider><EconDataProvider api={api} timeZone="UTC">{ui}</EconDataProvider></EconThemeProvider>;

/** An async key-value storage in memory, the shape of the add-in's OfficeRuntime.storage. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: async (k: string) => map.get(k) ?? null, setItem: async (k: string, v: string) => { map.set(k, v); } };
}

const optionTexts = (): string[] => within(screen.getByRole('listbox', { name: 'Matching indicators' })).getAllByRole('option').map((o) => o.textContent ?? '');

describe('IndicatorSearch', () => {
  it('searches every source at once, shows source, code, name, unit, frequency and years, and a card for the active result', async () => {
    const api = createFakeEconDataApi();
    const user = userEvent.setup();
    render(wrap(api, <IndicatorSearch onAdd={() => undefined} country={{ code: 'TH', name: 'Thailand' }} />));
    await screen.findByText(/22 indicators in WB, IMF, GSO/);
    await user.type(screen.getByRole('searchbox'), 'lạm phát');
    await waitFor(() => expect(new Set(optionTexts().map((t) => /^(WB|IMF|GSO)/.exec(t)?.[1]))).toEqual(new Set(['WB', 'IMF', 'GSO'])));
    const first = optionTexts()[0] ?? '';
    expect(first).toContain('FP.CPI.TOTL.ZG · annual % · annual · 1960–2024 · Thailand: listed for economies worldwide');
    const card = screen.getByRole('region', { name: /^About / });
    expect(within(card).getByText('Last update')).toBeTruthy();
    expect(card.textContent).toContain('World Bank, World Development Indicators');
    expect(optionTexts().find((t) => t.startsWith('GSO'))).toContain('Thailand: no: GSO covers Viet Nam only');
    // The catalogue was asked once, not once per keystroke.
    expect(api.calls.filter((c) => c.method === 'catalogue')).toHaveLength(1);
  });

  it('moves with the arrows, adds with Enter, and leaves the list with Tab', async () => {
    const api = createFakeEconDataApi();
    const added: SearchEntry[] = [];
    const user = userEvent.setup();
    render(wrap(api, <><IndicatorSearch onAdd={(e) => added.push(e)} /><button type="button">after</button></>));
    await screen.findByText(/22 indicators/);
    await user.type(screen.getByRole('searchbox'), 'gdp growth');
    await waitFor(() => expect(optionTexts()[0]).toContain('NY.GDP.MKTP.KD.ZG'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('NY.GDP.MKTP.KD.ZG');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(added.map((e) => `${e.source}:${e.code}`)).toEqual([`${(optionTexts()[1] ?? '').slice(0, 3).trim()}:${added[0]?.code}`]);
    await user.keyboard('{Tab}');
    expect(document.activeElement?.textContent).toBe('after');
  });

  it('shows a source the plan may not read as "not in your plan" and searches the rest', async () => {
    const api = createFakeEconDataApi({ notInPlan: ['GSO'] });
    const user = userEvent.setup();
    render(wrap(api, <IndicatorSearch onAdd={() => undefined} />));
    await screen.findByText('14 indicators in WB, IMF · GSO: not in your plan');
    expect(screen.getByRole('option', { name: 'GSO (not in your plan)' })).toHaveProperty('disabled', true);
    expect((screen.getByRole('combobox', { name: 'In' }) as HTMLSelectElement).value).toBe('');
    await user.type(screen.getByRole('searchbox'), 'inflation');
    await waitFor(() => expect(optionTexts().length).toBeGreaterThan(0));
    expect(optionTexts().some((t) => t.startsWith('GSO'))).toBe(false);
  });

  it('keeps recent and favourite searches in the given storage, and runs one again in one click', async () => {
    const storage = memoryStorage();
    const store = keyValueMemoryStore(storage, 'econdata.search');
    const api = createFakeEconDataApi();
    const user = userEvent.setup();
    const view = render(wrap(api, <IndicatorSearch onAdd={() => undefined} memory={store} />));
    await screen.findByText(/22 indicators/);
    await user.type(screen.getByRole('searchbox'), 'exports{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(JSON.parse(storage.map.get('econdata.search') ?? '{}')).toEqual({ recent: ['exports'], favourites: ['exports'] }));
    view.unmount();
    render(wrap(api, <IndicatorSearch onAdd={() => undefined} memory={store} />));
    // Both lists hold it (a favourite and a recent search): either runs it.
    await user.click((await screen.findAllByRole('button', { name: 'Search again: exports' }))[0]!);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('exports');
  });
});

describe('SearchQueryBuilder', () => {
  it('puts an added result into the builder, choosing its source', async () => {
    const api = createFakeEconDataApi();
    const user = userEvent.setup();
    render(wrap(api, <SearchQueryBuilder onSubmit={() => undefined} />));
    await screen.findByText(/22 indicators/);
    await user.type(screen.getByRole('searchbox', { name: 'Search every source' }), 'PCPIPCH');
    const option = await waitFor(() => document.querySelector<HTMLElement>('[data-result="IMF PCPIPCH"]') ?? Promise.reject(new Error('not listed yet')));
    await user.click(option);
    await user.keyboard('{Enter}');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Source' }) as HTMLSelectElement).value).toBe('IMF'));
    expect(option.textContent).toContain('Added');
  });
});

describe('query memory', () => {
  it('keeps recent searches newest first, once each, eight at most; stars and unstars; reads back only text', () => {
    let m = emptyMemory();
    for (const t of ['a', 'b', ' A ', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) m = remember(m, t);
    expect(m.recent).toEqual(['i', 'h', 'g', 'f', 'e', 'd', 'c', 'A']);
    m = toggleFavourite(toggleFavourite(m, 'gdp growth'), 'inflation');
    expect(toggleFavourite(m, 'GDP growth').favourites).toEqual(['inflation']);
    expect(readMemory({ recent: ['x', 3, '', null], favourites: 'no' })).toEqual({ recent: ['x'], favourites: [] });
    expect(readMemory(null)).toEqual({ recent: [], favourites: [] });
  });
});
