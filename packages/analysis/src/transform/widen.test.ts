import { InvalidParameterError, planRequests, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { widenQuery } from './widen.ts';

const wb = (start_year?: number, end_year?: number, country = 'VN'): SeriesQuery => ({
  kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country,
  ...(start_year !== undefined ? { start_year } : {}), ...(end_year !== undefined ? { end_year } : {}),
});

describe('widenQuery', () => {
  it('fetches the year before for a one-step or one-year lag on annual data', () => {
    expect(widenQuery(wb(2000, 2023), 'Units=pc1')).toEqual(wb(1999, 2023));
    expect(widenQuery(wb(2000, 2023), 'Units=chg')).toEqual(wb(1999, 2023));
    expect(widenQuery(wb(2000, 2023), 'Units=log')).toEqual(wb(2000, 2023));
    expect(widenQuery(wb(2000, 2023), 'Points=5')).toEqual(wb(2000, 2023));
    expect(widenQuery(wb(undefined, 2023), 'Units=pc1')).toEqual(wb(undefined, 2023));
  });

  it('adds the moving average window and the Rebase period', () => {
    expect(widenQuery(wb(2000, 2023), 'Units=pch MA=5')).toEqual(wb(1995, 2023));
    expect(widenQuery(wb(2000, 2023), 'Rebase=1990')).toEqual(wb(1990, 2023));
    expect(widenQuery(wb(2000, 2010), 'Rebase=2015 Units=pc1')).toEqual(wb(1999, 2015));
    const gso: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: 'monthly', start_year: 2020, end_year: 2024 };
    expect(widenQuery(gso, 'MA=13')).toEqual({ ...gso, start_year: 2019 });
    expect(widenQuery(gso, 'Units=pc1 MA=13')).toEqual({ ...gso, start_year: 2018 });
    expect(widenQuery(gso, 'Per=Q Units=pc1')).toEqual({ ...gso, start_year: 2019 });
  });

  it('widens a GSO query that names no frequency as if annual (the widest), and refuses no Per for it', () => {
    const gso: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI.YOY', start_year: 2020, end_year: 2024 };
    expect(widenQuery(gso, 'MA=3')).toEqual({ ...gso, start_year: 2018 });
    expect(widenQuery(gso, 'Per=M')).toEqual({ ...gso });
  });

  it('refuses, before any request, a conversion to a higher frequency', () => {
    expect(() => widenQuery(wb(2000, 2023), 'Per=M')).toThrow(InvalidParameterError);
    expect(() => widenQuery(wb(2000, 2023), 'Per=Q')).toThrow(/conversion goes only to a lower frequency/);
    expect(() => widenQuery({ kind: 'trade', flow: 'exports' }, 'Per=A Agg=sum')).not.toThrow();
  });

  it('widens stock dates by calendar days with a holiday margin, and to whole periods for Per', () => {
    const q: SeriesQuery = { kind: 'stock', symbol: 'VNM', start_date: '2024-03-15', end_date: '2024-06-10' };
    expect(widenQuery(q, 'Units=pc1')).toEqual({ ...q, start_date: '2023-03-01' }); // 366 + 14 days back
    expect(widenQuery(q, 'Units=pch')).toEqual({ ...q, start_date: '2024-02-28' }); // 1 obs: 2 + 14 days
    expect(widenQuery(q, 'Per=M Units=pc1')).toEqual({ ...q, start_date: '2023-03-01', end_date: '2024-06-30' });
    expect(widenQuery(q, 'Per=Q Agg=eop')).toEqual({ ...q, start_date: '2024-01-01', end_date: '2024-06-30' });
    expect(widenQuery(q, 'Rebase=2020')).toEqual({ ...q, start_date: '2020-01-01' });
  });

  it('SA fetches the full history, and refuses annual and daily data before any request', () => {
    const gso: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly', start_year: 2015, end_year: 2024 };
    expect(widenQuery(gso, 'SA=tet Units=pch')).toEqual({ kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly' });
    expect(widenQuery({ kind: 'trade', flow: 'balance', start_period: '2022-01', end_period: '2024-12' }, 'SA=stl')).toEqual({ kind: 'trade', flow: 'balance' });
    expect(widenQuery({ kind: 'stock', symbol: 'VNM', start_date: '2020-01-01' }, 'Per=M SA=stl')).toEqual({ kind: 'stock', symbol: 'VNM' });
    expect(() => widenQuery(wb(2000, 2023), 'SA=stl')).toThrow('SA adjusts monthly and quarterly series; this one is annual (a year has no seasons to take out).');
    expect(() => widenQuery({ ...gso, frequency: 'annual' }, 'SA=tet')).toThrow(InvalidParameterError);
    expect(() => widenQuery({ kind: 'stock', symbol: 'VNM' }, 'SA=stl')).toThrow('this one is daily (convert it first, e.g. "Per=M SA=stl")');
    expect(() => widenQuery({ ...gso, frequency: 'monthly' }, 'Per=A SA=stl')).toThrow('this one is annual');
  });

  it('fetches every month of a one-month trade query that needs the months before', () => {
    expect(widenQuery({ kind: 'trade', flow: 'exports', period: '2024-02' }, 'Units=pc1')).toEqual({ kind: 'trade', flow: 'exports' });
    expect(widenQuery({ kind: 'trade', flow: 'exports', period: '2024-02' }, 'Points=1')).toEqual({ kind: 'trade', flow: 'exports', period: '2024-02' });
  });

  it('costs no extra request where the planner merges: widened queries still batch together', () => {
    const asked = ['VN', 'TH', 'ID', 'MY', 'PH'].flatMap((c) => [wb(2000, 2023, c), { ...wb(2000, 2023, c), indicator: 'SP.POP.TOTL' }]);
    const before = planRequests(asked).stats;
    const after = planRequests(asked.map((q) => widenQuery(q, 'Units=pc1 MA=3'))).stats;
    expect(before.requests).toBe(1);
    expect(after).toEqual(before);
  });
});
