// @vitest-environment happy-dom
import './support/no-animations.ts';
import type { SeriesQuery } from '@econdata/core';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataProvider, EconThemeProvider, QueryBuilder, type QueryKind } from '../src/index.ts';
import { createFakeEconDataApi } from '../src/testing/index.ts';

// The machine is shared by several test runs: allow slow renders rather than fail on load.
configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

function setup(initialKind?: QueryKind): { emitted: Array<[SeriesQuery[], QueryKind]> } {
  const emitted: Array<[SeriesQuery[], QueryKind]> = [];
  render(
    <EconThemeProvider>
      <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
        <QueryBuilder onSubmit={(q, k) => emitted.push([q, k])} {...(initialKind ? { initialKind } : {})} />
      </EconDataProvider>
    </EconThemeProvider>,
  );
  return { emitted };
}

const type = (label: string, value: string): void => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); };

describe('QueryBuilder', () => {
  it('tells the app which tab is shown, so what it shows can belong to it (issue 22, item 6)', async () => {
    const user = userEvent.setup();
    const kinds: QueryKind[] = [];
    render(
      <EconThemeProvider>
        <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
          <QueryBuilder onSubmit={() => undefined} onKindChange={(k) => kinds.push(k)} />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'Trade' }));
    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    await user.click(screen.getByRole('tab', { name: 'Indicators' }));
    expect(kinds).toEqual(['indicators', 'trade', 'stocks', 'indicators']);
  });

  it('shows a query filled in from elsewhere ("Show an example"): the indicator and countries ticked, the years typed, Get data emits it (issue 28, item 9)', async () => {
    const user = userEvent.setup();
    const emitted: SeriesQuery[][] = [];
    const form = { source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['VN', 'TH'], startYear: '2000', endYear: '', frequency: '' as const };
    render(
      <EconThemeProvider>
        <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
          <QueryBuilder onSubmit={(q) => emitted.push(q)} initialKind="trade" filled={{ form, seq: 1 }} />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    const checked = (el: HTMLElement): boolean => (el as HTMLInputElement).checked;
    expect(checked(await screen.findByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }))).toBe(true);
    expect(checked(await screen.findByRole('checkbox', { name: 'Viet Nam (VN)' }))).toBe(true);
    expect(checked(screen.getByRole('checkbox', { name: 'Thailand (TH)' }))).toBe(true);
    expect((screen.getByLabelText('Start year') as HTMLInputElement).value).toBe('2000');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2000 },
    ]]);
  });

  it('emits WB GDP for VN and TH, 2018-2023, as exact SeriesQuery[]', async () => {
    const user = userEvent.setup();
    const { emitted } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }));
    const search = screen.getByRole('searchbox', { name: 'Search countries' });
    await screen.findByRole('checkbox', { name: 'Thailand (TH)' });
    await user.click(search);
    await user.keyboard('VN{Enter}TH{Enter}');
    type('Start year', '2018');
    type('End year', '2023');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[[
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2023 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018, end_year: 2023 },
    ], 'indicators']]);
  });

  it('refuses an empty query and a bad year with messages beside the fields, and emits nothing', async () => {
    const user = userEvent.setup();
    const { emitted } = setup();
    await screen.findByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' });
    type('Start year', '95');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([]);
    expect(screen.getByText('Indicators: choose at least one indicator code such as "NY.GDP.MKTP.CD".')).toBeTruthy();
    expect(screen.getByText('Countries: choose at least one ISO 2-letter country code such as "VN".')).toBeTruthy();
    expect(screen.getByText('Start year: enter a whole year between 1800 and 2200 such as 2015, or leave it empty.')).toBeTruthy();
    expect(screen.getByText('Fix 3 fields before continuing.')).toBeTruthy();
    // A fixed field clears at once; the others stay.
    type('Start year', '2015');
    await waitFor(() => expect(screen.getByText('Fix 2 fields before continuing.')).toBeTruthy());
    expect(screen.queryByText('Start year: enter a whole year between 1800 and 2200 such as 2015, or leave it empty.')).toBeNull();
  });

  it('builds a trade query and refuses a month not in YYYY-MM form', async () => {
    const user = userEvent.setup();
    const { emitted } = setup('trade');
    await user.click(screen.getByRole('radio', { name: 'Imports' }));
    type('Partner', 'cn');
    type('HS code', '85');
    type('From month', '03/2024');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([]);
    expect(screen.getByText('From month: enter a month YYYY-MM such as "2024-03", or leave it empty for the first month.')).toBeTruthy();
    type('From month', '2024-03');
    type('To month', '2024-03');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[[{ kind: 'trade', flow: 'imports', partner: 'CN', hs_code: '85', period: '2024-03' }], 'trade']]);
  });

  it('builds a trade query for a range of months', async () => {
    const user = userEvent.setup();
    const { emitted } = setup('trade');
    type('From month', '2024-01');
    type('To month', '2024-06');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[[{ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }], 'trade']]);
  });

  it('builds a stock query for an index', async () => {
    const user = userEvent.setup();
    const { emitted } = setup();
    await user.click(screen.getByRole('tab', { name: 'Stocks' }));
    await user.click(await screen.findByRole('radio', { name: 'An index' }));
    fireEvent.change(screen.getByLabelText('Index'), { target: { value: 'HNX' } });
    type('Start date', '2024-01-02');
    type('End date', '2024-03-29');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[[{ kind: 'stock', index: 'HNX', start_date: '2024-01-02', end_date: '2024-03-29' }], 'stocks']]);
  });

  it('with transform on, emits the transform\'s canonical text beside the queries, and holds submit while the engine refuses it', async () => {
    const user = userEvent.setup();
    const emitted: Array<[SeriesQuery[], QueryKind, string]> = [];
    render(
      <EconThemeProvider>
        <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
          <QueryBuilder transform initialKind="trade" onSubmit={(q, k, t) => emitted.push([q, k, t])} />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Transform (optional): as published' }));
    // Monthly trade: only lower frequencies are offered.
    expect(Array.from((screen.getByLabelText('Convert to') as HTMLSelectElement).options, (o) => o.textContent)).toEqual(['As published', 'Quarterly', 'Annual']);
    type('Show as', 'pc1');
    type('Moving average', '1');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([]);
    expect(screen.getByText('Fix 1 field before continuing.')).toBeTruthy();
    type('Moving average', '3');
    type('Convert to', 'Q');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[[{ kind: 'trade', flow: 'exports' }], 'trade', 'Per=Q Units=pc1 MA=3']]);
    expect(screen.getByRole('button', { name: /^Transform: quarterly/ })).toBeTruthy();
  });
});
