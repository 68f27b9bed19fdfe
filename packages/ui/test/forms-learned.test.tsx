// @vitest-environment happy-dom
/**
 * The forms offer what the service has: a GSO indicator's own frequencies (from the indicator list),
 * the stock symbols the service has named, and "totals only" for trade before a refused request.
 */
import './support/no-animations.ts';
import type { LearnedNames, SeriesQuery } from '@econdata/core';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataProvider, EconThemeProvider, QueryBuilder, type QueryKind } from '../src/index.ts';
import { emptyIndicatorForm, type IndicatorForm } from '../src/query/build.ts';
import { IndicatorFields } from '../src/query/IndicatorFields.tsx';
import { createFakeEconDataApi } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const nothing: LearnedNames = { symbols: [], trade: { partners: [], hsCodes: [], totalsOnly: false } };

function builder(kind: QueryKind, learned: LearnedNames = nothing): { emitted: SeriesQuery[][] } {
  const emitted: SeriesQuery[][] = [];
  render(
    <EconThemeProvider>
      <EconDataProvider api={createFakeEconDataApi({ learned })} timeZone="UTC">
        <QueryBuilder initialKind={kind} onSubmit={(q) => emitted.push(q)} />
      </EconDataProvider>
    </EconThemeProvider>,
  );
  return { emitted };
}

/** IndicatorFields over the sample catalogue, with a button that switches the indicator as the browser would. */
function Fields({ start, next }: { start: Partial<IndicatorForm>; next: string[] }) {
  const [form, setForm] = useState<IndicatorForm>({ ...emptyIndicatorForm(), ...start });
  return (
    <>
      <IndicatorFields form={form} onChange={setForm} errors={{}} />
      <button type="button" onClick={() => setForm((f) => ({ ...f, indicators: next }))}>switch</button>
      <output data-testid="frequency">{form.frequency}</output>
    </>
  );
}

const options = (label: string): string[] => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (o) => o.textContent ?? '');

describe('the GSO frequency offers only what the series have', () => {
  it('lists the indicator list\'s frequencies, and moves off one the next series lacks', async () => {
    render(
      <EconThemeProvider>
        <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
          <Fields start={{ source: 'GSO', indicators: ['CPI.TOTAL.YOY'], frequency: 'annual' }} next={['CPI.TOTAL.MOM']} />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    await waitFor(() => expect(options('Frequency')).toEqual(['Service default', 'Monthly', 'Annual']));
    expect((screen.getByLabelText('Frequency') as HTMLSelectElement).value).toBe('annual');
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(options('Frequency')).toEqual(['Service default', 'Monthly']));
    await waitFor(() => expect(screen.getByTestId('frequency').textContent).toBe('monthly'));
    expect((screen.getByLabelText('Frequency') as HTMLSelectElement).value).toBe('monthly');
    expect(screen.getByText('These series have: monthly')).toBeTruthy();
  });

  it('offers only the frequencies several series share', async () => {
    render(
      <EconThemeProvider>
        <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC">
          <Fields start={{ source: 'GSO', indicators: ['GDP.TOTAL_GDP.VALUE', 'RETAIL.TOTAL.VALUE'], frequency: 'quarterly' }} next={['GDP.TOTAL_GDP.VALUE', 'CPI.TOTAL.MOM']} />
        </EconDataProvider>
      </EconThemeProvider>,
    );
    await waitFor(() => expect(options('Frequency')).toEqual(['Service default', 'Annual']));
    await waitFor(() => expect(screen.getByTestId('frequency').textContent).toBe('annual'));
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(screen.getByText('These series share no frequency: each comes at its own')).toBeTruthy());
    expect(options('Frequency')).toEqual(['Service default']);
    await waitFor(() => expect(screen.getByTestId('frequency').textContent).toBe(''));
  });
});

describe('trade: totals only, said before a refused request', () => {
  it('says nothing while nothing is known', async () => {
    builder('trade');
    await screen.findByLabelText('Partner');
    expect(screen.queryByTestId('trade-totals-notice')).toBeNull();
    expect(screen.getByText('ISO code (CN), WLD or empty for all')).toBeTruthy();
  });

  it('says the answers so far held totals only', async () => {
    builder('trade', { ...nothing, trade: { partners: ['WLD'], hsCodes: ['TOTAL'], totalsOnly: false } });
    expect((await screen.findByTestId('trade-totals-notice')).textContent)
      .toBe('The service\'s trade answers so far hold totals only (partner World, all goods): a breakdown by country may not exist.');
  });

  it('says it firmly when the service said so, and the partner hint follows', async () => {
    builder('trade', { ...nothing, trade: { partners: ['WLD'], hsCodes: ['TOTAL'], totalsOnly: true } });
    expect((await screen.findByTestId('trade-totals-notice')).textContent)
      .toBe('Totals only: the service said its customs data has no breakdown by partner country or HS code. Leave Partner and HS code empty for the world total of all goods.');
    expect(screen.getAllByText('Totals only: leave it empty')).toHaveLength(2);
  });
});

describe('stocks: the symbols the service has named are suggested', () => {
  it('lists them under the symbol as it is typed, and a picked one is the query', async () => {
    const user = userEvent.setup();
    const { emitted } = builder('stocks', { ...nothing, symbols: ['ACB', 'FPT', 'VCB', 'VIC', 'VNM'] });
    await screen.findByText('e.g. VNM; 5 symbols the service has named');
    const box = screen.getByRole('combobox', { name: 'Symbol' });
    await user.click(box);
    await user.type(box, 'V');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['VCB', 'VIC', 'VNM']));
    await user.click(screen.getByRole('option', { name: 'VNM' }));
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[{ kind: 'stock', symbol: 'VNM' }]]);
  });

  it('still takes a symbol it does not know', async () => {
    const user = userEvent.setup();
    const { emitted } = builder('stocks', { ...nothing, symbols: ['VNM'] });
    const box = await screen.findByRole('combobox', { name: 'Symbol' });
    await user.type(box, 'hpg');
    await user.click(screen.getByRole('button', { name: 'Get data' }));
    expect(emitted).toEqual([[{ kind: 'stock', symbol: 'HPG' }]]);
  });
});
