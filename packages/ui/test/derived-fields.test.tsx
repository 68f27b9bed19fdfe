// @vitest-environment happy-dom
import './support/no-animations.ts';
import { computeDerived, derivedQueries, type DerivedRequest } from '@econdata/analysis';
import type { Series, SeriesQuery } from '@econdata/core';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DerivedFields, EconThemeProvider, ProvenanceBlock, TransformFields } from '../src/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const gdp: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 };

function setup(series?: { query: SeriesQuery; transform?: string }): DerivedRequest[] {
  const submitted: DerivedRequest[] = [];
  render(
    <EconThemeProvider>
      <DerivedFields {...(series ? { series } : {})} onSubmit={(r) => submitted.push(r)} />
    </EconThemeProvider>,
  );
  return submitted;
}

const change = (label: string, value: string): void => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); };
const submit = (): HTMLButtonElement => screen.getByRole('button', { name: 'Show derived series' }) as HTMLButtonElement;

describe('DerivedFields', () => {
  it('a preset is one click over the series: per capita adds the population for the same country and years', () => {
    const submitted = setup({ query: gdp });
    expect(screen.getAllByRole('button').map((b) => b.textContent).slice(0, 4)).toEqual(['Per capita', 'Share of GDP', 'Real', 'In US dollars']);
    fireEvent.click(screen.getByRole('button', { name: 'Per capita' }));
    expect(submitted).toEqual([{ expression: 'a/b', words: 'per capita', operands: [{ name: 'a', query: gdp }, { name: 'b', query: { ...gdp, indicator: 'SP.POP.TOTL' } }] }]);
  });

  it('the formula: one field per operand the expression names, operand a prefilled from the series, the years shared', () => {
    const submitted = setup({ query: gdp });
    expect((screen.getByLabelText('Series a') as HTMLInputElement).value).toBe('WB/NY.GDP.MKTP.CD/VN');
    expect(submit().disabled).toBe(true); // b is empty
    expect(screen.getByText('Operand b is empty. Write it as WB/NY.GDP.MKTP.CD/VN, GSO/CPI.MOM/monthly, TRADE/exports or STOCK/VNM, optionally followed by a transform such as Level=pch.')).toBeTruthy();
    change('Expression', '(a+b)/c*100');
    change('Series a', 'WB/TX.VAL.MRCH.CD.WT/VN');
    change('Series b', 'WB/TM.VAL.MRCH.CD.WT/VN');
    change('Series c', 'WB/NY.GDP.MKTP.CD/VN');
    change('From year', '2010');
    change('Transform of the result', 'units=pc1');
    fireEvent.click(submit());
    const y = { start_year: 2010, end_year: 2023 };
    expect(submitted).toEqual([{
      expression: '(a+b)/c*100',
      operands: [
        { name: 'a', query: { ...gdp, ...y, indicator: 'TX.VAL.MRCH.CD.WT' } },
        { name: 'b', query: { ...gdp, ...y, indicator: 'TM.VAL.MRCH.CD.WT' } },
        { name: 'c', query: { ...gdp, ...y } },
      ],
      transform: 'Units=pc1',
    }]);
  });

  it('shows analysis\'s refusals beside the field they concern and submits nothing', () => {
    const submitted = setup();
    expect(screen.queryByLabelText('Presets')).toBeNull();
    change('Expression', 'a/*b');
    expect(screen.getByText(/Invalid expression "a\/\*b" at position 3: expected an operand/)).toBeTruthy();
    expect(screen.queryByLabelText('Series a')).toBeNull();
    change('Expression', 'a*2');
    change('Series a', 'TRADE/sideways');
    expect(screen.getByText(/trade takes one flow: exports, imports, balance/)).toBeTruthy();
    change('Series a', 'TRADE/exports');
    change('Transform of the result', 'Units=up');
    expect(screen.getByText('Invalid Units "up": expected one of lin, chg, ch1, pch, pc1, pca, cch, cca, log.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    change('Transform of the result', '');
    change('To year', 'soon');
    expect(screen.getByText('A year such as 2023.')).toBeTruthy();
    expect(submitted).toEqual([]);
  });
});

describe('ProvenanceBlock of a derived series', () => {
  it('shows the formula and every operand\'s query, transform and source instead of one query', () => {
    const request: DerivedRequest = { expression: 'a/b', operands: [{ name: 'a', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly' }, transform: 'Level=pch' }, { name: 'b', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly' }, transform: 'Level=pch Rebase=2024' }] };
    const one = (q: SeriesQuery): Series => ({
      id: 'x', kind: 'indicator', title: 'CPI', frequency: 'monthly', dimensions: {}, columns: [{ key: 'value', label: 'CPI', unit: '%' }],
      periods: ['2024-01', '2024-02'], values: [[1, 2]], provenance: { source: 'General Statistics Office', last_updated: null, retrieved_at: '2026-11-25T10:00:00Z', endpoint: '/indicators', query: q },
    });
    const s = computeDerived(request, derivedQueries(request).map(one));
    render(<EconThemeProvider><ProvenanceBlock series={s} timeZone="UTC" /></EconThemeProvider>);
    expect(screen.getByText('a/b')).toBeTruthy();
    expect(screen.getByText('/indicators?source=GSO&indicator=CPI.MOM&frequency=monthly (Level=pch) · General Statistics Office')).toBeTruthy();
    expect(screen.getByText('/indicators?source=GSO&indicator=CPI.MOM&frequency=monthly (Level=pch Rebase=2024) · General Statistics Office')).toBeTruthy();
    expect(screen.queryByText('Query')).toBeNull();
  });
});

describe('TransformFields: Level', () => {
  it('the checkbox rebuilds the index from % changes (Level=pch), before the rest', () => {
    const emitted: string[] = [];
    render(<EconThemeProvider><TransformFields value="" onChange={(t) => emitted.push(t)} frequency="monthly" /></EconThemeProvider>);
    fireEvent.click(screen.getByLabelText('The values are % changes: chain them into an index (100 at the start)'));
    expect(emitted.at(-1)).toBe('Level=pch');
    fireEvent.change(screen.getByLabelText('Show as'), { target: { value: 'pc1' } });
    expect(emitted.at(-1)).toBe('Level=pch Units=pc1');
    expect(screen.getByText('Shows: index from % changes, first period = 100, % change from a year ago')).toBeTruthy();
  });
});
