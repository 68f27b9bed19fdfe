// @vitest-environment happy-dom
import './support/no-animations.ts';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryPicker, EconDataProvider, EconThemeProvider, IndicatorBrowser, SeriesBrowser, SourcePicker, type SeriesSelection } from '../src/index.ts';
import { createFakeEconDataApi, type FakeEconDataApi } from '../src/testing/index.ts';

// The machine is shared by several test runs: allow slow renders rather than fail on load.
configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

function wrap(api: FakeEconDataApi, ui: ReactNode): ReactNode {
  return <EconThemeProvider><EconDataProvider api={api} timeZone="UTC">{ui}</EconDataProvider></EconThemeProvider>;
}

function Countries({ onChange }: { onChange?: (codes: string[]) => void }): ReactNode {
  const [selected, setSelected] = useState<string[]>([]);
  return <CountryPicker selected={selected} onChange={(c) => { setSelected(c); onChange?.(c); }} />;
}

describe('SourcePicker', () => {
  it('lists the sources and selects the first one once they arrive', async () => {
    const api = createFakeEconDataApi();
    const chosen: string[] = [];
    function Host(): ReactNode {
      const [value, setValue] = useState<string | undefined>(undefined);
      return <SourcePicker value={value} onChange={(code) => { chosen.push(code); setValue(code); }} />;
    }
    render(wrap(api, <Host />));
    const select = await screen.findByRole('combobox', { name: 'Source' });
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('WB'));
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'World Bank, World Development Indicators (WB)', 'IMF, World Economic Outlook (IMF)', 'General Statistics Office of Viet Nam (GSO)',
    ]);
    fireEvent.change(select, { target: { value: 'IMF' } });
    expect(chosen).toEqual(['WB', 'IMF']);
  });
});

describe('CountryPicker', () => {
  it('is operated from the keyboard: type, Enter adds the best match, arrows move, Space toggles', async () => {
    const user = userEvent.setup();
    const api = createFakeEconDataApi();
    let last: string[] = [];
    render(wrap(api, <Countries onChange={(c) => { last = c; }} />));
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    await screen.findByRole('checkbox', { name: 'Viet Nam (VN)' });
    await user.click(search);
    await user.keyboard('vn{Enter}');
    expect(last).toEqual(['VN']);
    await user.keyboard('tha{Enter}');
    expect(last).toEqual(['VN', 'TH']);
    // The search box empties after Enter, so ArrowDown lands on the first country of the whole list, by name.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Brazil (BR)' }));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'China (CN)' }));
    await user.keyboard(' ');
    expect(last).toEqual(['VN', 'TH', 'CN']);
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Remove Viet Nam', 'Remove Thailand', 'Remove China']);
    await user.click(screen.getByRole('button', { name: 'Remove Thailand' }));
    expect(last).toEqual(['VN', 'CN']);
  });

  it('lists countries by name, aggregates last, and finds them by their other names', async () => {
    const user = userEvent.setup();
    render(wrap(createFakeEconDataApi(), <Countries />));
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    await screen.findByRole('checkbox', { name: 'Viet Nam (VN)' });
    expect(screen.getAllByRole('checkbox').map((b) => b.getAttribute('value'))).toEqual(['BR', 'KH', 'CN', 'FR', 'DE', 'IN', 'ID', 'JP', 'KR', 'LA', 'MY', 'NA', 'PH', 'SG', 'ZA', 'TH', 'GB', 'US', 'VN', '1W']);
    const cases: Array<[string, string]> = [['Việt Nam', 'Viet Nam (VN)'], ['vietnam', 'Viet Nam (VN)'], ['South Korea', 'Korea, Rep. (KR)'], ['Laos', "Lao People's Democratic Republic (LA)"], ['usa', 'United States (US)'], ['UK', 'United Kingdom (GB)']];
    for (const [text, name] of cases) {
      await user.clear(search);
      await user.type(search, text);
      expect(screen.getAllByRole('checkbox')[0], text).toBe(screen.getByRole('checkbox', { name }));
    }
  });

  it('is one Tab stop: Tab enters the list on one row and the next Tab leaves it', async () => {
    const user = userEvent.setup();
    render(wrap(createFakeEconDataApi(), <><Countries /><button type="button">After</button></>));
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(2);
    expect(boxes.map((b) => b.getAttribute('tabindex'))).toEqual(['0', ...boxes.slice(1).map(() => '-1')]);
    await user.click(search);
    await user.tab();
    expect(document.activeElement).toBe(boxes[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(boxes[1]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('finds a country by ISO3 code first, then by name, and shows its region', async () => {
    const api = createFakeEconDataApi();
    render(wrap(api, <Countries />));
    const search = await screen.findByRole('searchbox', { name: 'Search countries' });
    await screen.findByRole('checkbox', { name: 'Viet Nam (VN)' });
    fireEvent.change(search, { target: { value: 'nam' } });
    expect(screen.getAllByRole('checkbox').map((b) => b.getAttribute('aria-describedby') ? `${(b as HTMLInputElement).value}` : '')).toEqual(['NA', 'VN']);
    expect(screen.getByText('Sub-Saharan Africa')).toBeTruthy();
  });
});

describe('IndicatorBrowser', () => {
  it('shows unit, frequency and coverage, and selects several indicators', async () => {
    const api = createFakeEconDataApi();
    let last: string[] = [];
    function Host(): ReactNode {
      const [selected, setSelected] = useState<string[]>([]);
      return <IndicatorBrowser source="WB" selected={selected} onChange={(c) => { last = c; setSelected(c); }} />;
    }
    render(wrap(api, <Host />));
    const gdp = await screen.findByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' });
    expect(document.getElementById(gdp.getAttribute('aria-describedby') ?? '')?.textContent).toBe('current US$ · annual · 1960–2025');
    await act(async () => { gdp.click(); });
    await act(async () => { screen.getByRole('checkbox', { name: 'Population, total (SP.POP.TOTL)' }).click(); });
    expect(last).toEqual(['NY.GDP.MKTP.CD', 'SP.POP.TOTL']);
    expect(screen.getByText('8 shown · 2 selected')).toBeTruthy();
  });

  it('keeps a choice visible as a removable tag after the search moves on', async () => {
    const user = userEvent.setup();
    const api = createFakeEconDataApi();
    let last: string[] = [];
    function Host(): ReactNode {
      const [selected, setSelected] = useState<string[]>([]);
      return <IndicatorBrowser source="WB" selected={selected} onChange={(c) => { last = c; setSelected(c); }} />;
    }
    render(wrap(api, <Host />));
    await user.click(await screen.findByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search indicators' }), { target: { value: 'population' } });
    // The debounced search answers: GDP leaves the list, its tag stays.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Population, total (SP.POP.TOTL)' }));
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['NY.GDP.MKTP.CD', 'Remove NY.GDP.MKTP.CD (GDP (current US$))'], ['SP.POP.TOTL', 'Remove SP.POP.TOTL (Population, total)'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove NY.GDP.MKTP.CD (GDP (current US$))' }));
    expect(last).toEqual(['SP.POP.TOTL']);
  });
});

describe('IndicatorBrowser search', () => {
  it('searches the source through searchIndicators: Vietnamese, typos and synonyms, never the service q', async () => {
    const api = createFakeEconDataApi();
    function Host({ source }: { source: string }): ReactNode {
      const [selected, setSelected] = useState<string[]>([]);
      return <IndicatorBrowser source={source} selected={selected} onChange={setSelected} />;
    }
    const { rerender } = render(wrap(api, <Host source="GSO" />));
    const search = await screen.findByRole('searchbox', { name: 'Search indicators' });
    await screen.findByRole('checkbox', { name: /\(CPI\.TOTAL\.YOY\)$/ });
    const shown = (): string[] => screen.queryAllByRole('checkbox').map((b) => (b as HTMLInputElement).value);
    fireEvent.change(search, { target: { value: 'lạm phát' } });
    await waitFor(() => expect(shown()).toEqual(['CPI.TOTAL.MOM', 'CPI.TOTAL.YOY', 'CPI.FOOD_CATERING.YOY']));
    rerender(wrap(api, <Host source="WB" />));
    fireEvent.change(search, { target: { value: 'inflaton' } });
    await waitFor(() => expect(shown()).toEqual(['FP.CPI.TOTL.ZG']));
    expect(api.calls.filter((c) => c.method === 'listSourceIndicators')).toEqual([]);
  });

  it('says a source is not in the plan', async () => {
    render(wrap(createFakeEconDataApi({ notInPlan: ['GSO'] }), <IndicatorBrowser source="GSO" selected={[]} onChange={() => undefined} />));
    await screen.findByText('GSO is not in your plan');
  });
});

describe('SeriesBrowser', () => {
  it('clears the indicators when the source changes, and has no country list for GSO', async () => {
    const api = createFakeEconDataApi();
    const seen: SeriesSelection[] = [];
    function Host(): ReactNode {
      const [value, setValue] = useState<SeriesSelection>({ source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['VN'] });
      return <SeriesBrowser value={value} onChange={(v) => { seen.push(v); setValue(v); }} />;
    }
    render(wrap(api, <Host />));
    await screen.findByRole('checkbox', { name: 'Viet Nam (VN)' });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Source' }), { target: { value: 'GSO' } });
    expect(seen).toEqual([{ source: 'GSO', indicators: [], countries: ['VN'] }]);
    await screen.findByRole('checkbox', { name: /^Consumer prices: all items, change vs previous month/ });
    expect(screen.queryByRole('searchbox', { name: 'Search countries' })).toBeNull();
  });
});

