// @vitest-environment happy-dom
/**
 * The table in a DOM: 100,000 rows render a window of them only, with sheets' formatting, and a
 * revised cell carries its highlight and the sentence that explains it.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { compareSeries } from '@econdata/sheets';
import { indicatorFixture } from '@econdata/core/testing';
import { gdp, stock } from '../../../test/support/series.ts';
import { cellChange, changeIndex } from '../library/compare-model.ts';
import { SeriesTable } from './SeriesTable.tsx';
import { tableClipboard } from './table-copy.ts';
import { tableModel } from './table-model.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// happy-dom lays nothing out: the table's scroller reports the 400 px a window would give it.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get() { return 400; } });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get() { return 800; } });

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

describe('SeriesTable', () => {
  it('keeps a few dozen of 100,000 rows in the DOM, the first ones formatted', async () => {
    const periods = Array.from({ length: 100_000 }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const model = tableModel([stock('BIG', periods, periods.map((_, i) => [i, i, i, i, i * 1000]))]);
    await act(async () => root.render(<div style={{ height: 400 }}><SeriesTable model={model} label="Big table" /></div>));
    const table = host.querySelector('[role="table"]');
    expect(table?.getAttribute('aria-label')).toBe('Big table');
    expect(table?.getAttribute('aria-rowcount')).toBe('100001');
    const rows = host.querySelectorAll('[role="rowgroup"]:last-child [role="row"]');
    // 400 px of 30 px rows (14 in view) plus 12 of overscan below.
    expect(rows.length).toBe(26);
    expect([...rows[0]!.children].map((c) => c.textContent)).toEqual(['1800-01-01', '0.00', '0.00', '0.00', '0.00', '0']);
    // The symbol said once above the table, each header its own column's name (the whole name on hover).
    expect(host.querySelector('[data-testid="table-shared-name"]')?.textContent).toBe('BIG');
    expect([...host.querySelectorAll('[role="columnheader"]')].map((c) => c.textContent)).toEqual(['Period', 'Open', 'High', 'Low', 'Close', 'Volume']);
    expect([...host.querySelectorAll('[role="columnheader"]')].map((c) => c.getAttribute('title'))).toEqual(['Period', 'BIG: Open', 'BIG: High', 'BIG: Low', 'BIG: Close', 'BIG: Volume']);
    // Rounded in the cell, whole on hover.
    expect([...rows[1]!.children].map((c) => c.getAttribute('title'))).toEqual([null, 'Exact value: 1', 'Exact value: 1', 'Exact value: 1', 'Exact value: 1', 'Exact value: 1000']);
  });

  it('shows a value rounded and gives it at full precision on hover and in a copy', async () => {
    const model = tableModel([gdp('VN', 'Viet Nam', ['2000', '2001'], [31172518403.3162, 32685198808.5549])]);
    await act(async () => root.render(<div style={{ height: 400 }}><SeriesTable model={model} label="GDP" /></div>));
    const first = host.querySelectorAll('[role="rowgroup"]:last-child [role="row"]')[0]!;
    expect([...first.children].map((c) => [c.textContent, c.getAttribute('title')])).toEqual([['2000', null], ['31,172,518,403', 'Exact value: 31172518403.3162']]);
    expect(tableClipboard(model)).toEqual({
      text: 'Period\tGDP (current US$): Viet Nam\n2000\t31172518403.3162\n2001\t32685198808.5549',
      html: '<table><thead><tr><th>Period</th><th>GDP (current US$): Viet Nam</th></tr></thead><tbody>'
        + '<tr><td style="mso-number-format:\'\\@\'">2000</td><td style="mso-number-format:General">31172518403.3162</td></tr>'
        + '<tr><td style="mso-number-format:\'\\@\'">2001</td><td style="mso-number-format:General">32685198808.5549</td></tr></tbody></table>',
    });
  });

  it('highlights a revised value with what it was', async () => {
    const older = [gdp('VN', 'Viet Nam', ['2019', '2020'], [331, 346])];
    const newer = [gdp('VN', 'Viet Nam', ['2019', '2020'], [331, 350.25])];
    const model = tableModel(newer);
    const index = changeIndex(compareSeries(older, newer));
    const changeAt = (r: number, c: number) => cellChange(index, model.columns[c]!, model.period(r));
    await act(async () => root.render(<div style={{ height: 400 }}><SeriesTable model={model} label="Compare" changeAt={changeAt} /></div>));
    const marked = [...host.querySelectorAll('[data-change]')];
    expect(marked.map((c) => [c.getAttribute('data-change'), c.textContent, c.getAttribute('title')])).toEqual([
      ['revised', '350', 'Revised from 346 to 350.25 (+4.25)'],
    ]);
  });

  it('reads with five countries: the indicator once above, countries as headers, columns as narrow as they can be, more decimals on demand', async () => {
    const countries = [['VN', 'Vietnam', 5.05066221523], ['TH', 'Thailand', 1.9], ['MY', 'Malaysia', 3.6], ['PH', 'Philippines', 5.5], ['ID', 'Indonesia', 5.04]] as const;
    const model = tableModel(countries.map(([code, name, v]) => indicatorFixture({ query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country: code }, name: 'GDP growth (annual %)', countryName: name, unit: 'annual %', periods: ['2023'], values: [v] })));
    await act(async () => root.render(<div style={{ height: 400 }}><SeriesTable model={model} label="Growth" /></div>));
    expect(host.querySelector('[data-testid="table-shared-name"]')?.textContent).toBe('GDP growth (annual %)');
    const headers = [...host.querySelectorAll<HTMLElement>('[role="columnheader"]')];
    expect(headers.map((c) => c.textContent)).toEqual(['Period', 'Vietnam', 'Thailand', 'Malaysia', 'Philippines', 'Indonesia']);
    expect(headers[4]?.getAttribute('title')).toBe('GDP growth (annual %): Philippines');
    // Each column's least width from its longest header word and values: all six fit in 800 px.
    const least = headers.map((c) => Number(/ (\d+)px$/.exec(c.style.flex)?.[1]));
    expect(least).toEqual([112, 84, 84, 84, 100, 85]);
    expect(least.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(800);
    const row = (): Array<string | null> => [...host.querySelectorAll('[role="rowgroup"]:last-child [role="row"]')[0]!.children].map((c) => c.textContent);
    expect(row()).toEqual(['2023', '5.05%', '1.90%', '3.60%', '5.50%', '5.04%']);
    const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;
    expect(button('Fewer decimals').disabled).toBe(true);
    await act(async () => { button('More decimals').click(); });
    await act(async () => { button('More decimals').click(); });
    expect(row()).toEqual(['2023', '5.0507%', '1.9000%', '3.6000%', '5.5000%', '5.0400%']);
    await act(async () => { button('Fewer decimals').click(); });
    expect(row()).toEqual(['2023', '5.051%', '1.900%', '3.600%', '5.500%', '5.040%']);
    // Full precision on hover, and in the copy, whatever is shown.
    expect(host.querySelectorAll('[role="rowgroup"]:last-child [role="row"]')[0]!.children[1]?.getAttribute('title')).toBe('Exact value: 5.05066221523');
    expect(tableClipboard(model).text.split('\n')).toEqual([
      'Period\tGDP growth (annual %): Vietnam\tGDP growth (annual %): Thailand\tGDP growth (annual %): Malaysia\tGDP growth (annual %): Philippines\tGDP growth (annual %): Indonesia',
      '2023\t5.05066221523\t1.9\t3.6\t5.5\t5.04',
    ]);
  });
});
