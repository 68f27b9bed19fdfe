/**
 * Each period's start in UTC seconds (a chart's x): exact for every form, made once per axis, and
 * carried by a transformed series from the positions its transform read (the strings are not read
 * again), through range trimming, frequency conversion and the shown path's mixed frequencies.
 */
import type { Series, SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months } from '../testing/make-series.ts';
import { applyTransform } from '../transform/apply.ts';
import { fetchShown, showHeld } from '../shown/shown.ts';
import { keepStarts, periodStart, periodStarts } from './starts.ts';

const at = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
const days = (from: string, count: number): string[] => Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
/** Each period's start as Date.parse reads its first day: the independent computation. */
const expected = (s: Series): number[] => s.periods.map((p) => at(s.frequency === 'annual' ? `${p}-01-01` : s.frequency === 'quarterly' ? `${p.slice(0, 4)}-${String((Number(p[6]) - 1) * 3 + 1).padStart(2, '0')}-01` : s.frequency === 'monthly' ? `${p}-01` : p));
/** Proof the starts were kept, not read: the strings are spoiled (in a test only) and the starts still come. */
const spoiled = (s: Series): Float64Array => {
  const first = s.periods[0]!;
  s.periods[0] = 'not a period';
  try {
    return periodStarts(s);
  } finally {
    s.periods[0] = first;
  }
};

describe('periodStart', () => {
  it('puts each period at its first day in UTC and refuses a period of another form', () => {
    expect(periodStart('2024-Q4', 'quarterly')).toBe(at('2024-10-01'));
    expect(periodStart('2024-02-29', 'daily')).toBe(at('2024-02-29'));
    expect([periodStart('1999', 'annual'), periodStart('1999-12', 'monthly'), periodStart('1999-Q1', 'quarterly')]).toEqual([at('1999-01-01'), at('1999-12-01'), at('1999-01-01')]);
    for (const [bad, f] of [['2024-1-05', 'daily'], ['2024-00-01', 'daily'], ['2024-01-32', 'daily'], ['2024-01-01 ', 'daily'], ['20x4-01-01', 'daily'], ['2024-Q5', 'quarterly'], ['2024Q1', 'quarterly'], ['24', 'annual'], ['2024-1', 'monthly'], ['2024-13', 'monthly']] as const) {
      expect(() => periodStart(bad, f), bad).toThrow(`Period "${bad}" is not a ${f} period.`);
    }
  });
});

describe('periodStarts', () => {
  it('reads every day from 1800 to 2100 where Date.UTC has it (read a month at a time), and refuses a bad one', () => {
    const all = days('1800-01-01', 109_573);
    expect(all[all.length - 1]).toBe('2099-12-31');
    const x = periodStarts({ periods: all, frequency: 'daily' });
    expect(x).toBeInstanceOf(Float64Array);
    expect(x.findIndex((v, i) => v !== at(all[i]!))).toBe(-1);
    const weekdays = all.filter((_, i) => i % 7 < 5);
    expect(periodStarts({ periods: weekdays, frequency: 'daily' }).findIndex((v, i) => v !== at(weekdays[i]!))).toBe(-1);
    expect(() => periodStarts({ periods: ['2024-01-31', '2024-02-30x'], frequency: 'daily' })).toThrow('Period "2024-02-30x" is not a daily period.');
  });

  it('reads an axis once: the same array for the same periods, a new one for another axis or frequency', () => {
    const s = makeSeries({ frequency: 'monthly', periods: months(2023, 11, 3), columns: { value: [1, 2, 3] } });
    const x = periodStarts(s);
    expect([...x]).toEqual([at('2023-11-01'), at('2023-12-01'), at('2024-01-01')]);
    const copy: Series = { ...s, title: 'a copy of the object, same axis' };
    expect(periodStarts(copy)).toBe(x);
    expect(spoiled(s)).toBe(x);
    expect(periodStarts({ periods: [...s.periods], frequency: 'monthly' })).not.toBe(x);
    expect([...periodStarts({ periods: ['2024'], frequency: 'annual' })]).toEqual([at('2024-01-01')]);
  });

  it('a series as a file or a JSON bridge gives it (fresh arrays) has its starts read from its strings, exactly', () => {
    const s = makeSeries({ frequency: 'quarterly', periods: ['2023-Q4', '2024-Q1', '2024-Q3'], columns: { value: [1, 2, 3] } });
    const opened = JSON.parse(JSON.stringify(s)) as Series;
    expect([...periodStarts(opened)]).toEqual([at('2023-10-01'), at('2024-01-01'), at('2024-07-01')]);
    expect(() => spoiled(JSON.parse(JSON.stringify(s)) as Series)).toThrow('Period "not a period" is not a quarterly period.');
  });
});

describe('a transformed series carries its starts from the positions its transform read', () => {
  const daily = (count: number): Series => {
    const periods = days('1990-01-01', count);
    return makeSeries({ kind: 'stock', frequency: 'daily', periods, columns: { close: periods.map((_, i) => 50 + Math.sin(i / 50) * 10 + (i % 7)) }, query: { kind: 'stock', symbol: 'VNM' } });
  };

  it('Units=pc1 MA=20 on 5,000 days: exact starts, recorded (not read from the strings)', () => {
    const shown = applyTransform(daily(5000), 'Units=pc1 MA=20');
    expect(shown.periods.length).toBe(5000);
    const x = spoiled(shown);
    expect(x.length).toBe(5000);
    expect([...x]).toEqual(expected(shown));
  });

  it('trimmed to the asked range: the starts of the rows kept', () => {
    const asked: SeriesQuery = { kind: 'stock', symbol: 'VNM', start_date: '1991-03-01', end_date: '1991-03-31' };
    const shown = applyTransform(daily(800), 'Units=pc1', asked);
    expect(shown.periods).toEqual(days('1991-03-01', 31));
    expect([...spoiled(shown)]).toEqual(expected(shown));
  });

  it('converted (Per=Q): the quarters\' first days', () => {
    const monthly = makeSeries({ frequency: 'monthly', periods: months(2021, 1, 24), columns: { value: Array.from({ length: 24 }, (_, i) => 100 + i) } });
    const shown = applyTransform(monthly, 'Per=Q Units=pch');
    expect(shown.periods).toEqual(['2021-Q1', '2021-Q2', '2021-Q3', '2021-Q4', '2022-Q1', '2022-Q2', '2022-Q3', '2022-Q4']);
    expect([...spoiled(shown)]).toEqual([at('2021-01-01'), at('2021-04-01'), at('2021-07-01'), at('2021-10-01'), at('2022-01-01'), at('2022-04-01'), at('2022-07-01'), at('2022-10-01')]);
  });

  it('mixed frequencies through the shown path: the monthly one brought to quarters, the quarterly one as it came, both exact', async () => {
    const cpi: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: 'monthly', start_year: 2022, end_year: 2022 };
    const gdp: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'GDP', frequency: 'quarterly', start_year: 2022, end_year: 2022 };
    const answers = [
      makeSeries({ frequency: 'monthly', periods: months(2021, 1, 24), columns: { value: Array.from({ length: 24 }, (_, i) => 100 + i) }, query: cpi }),
      makeSeries({ frequency: 'quarterly', periods: ['2021-Q1', '2021-Q2', '2021-Q3', '2021-Q4', '2022-Q1', '2022-Q2', '2022-Q3', '2022-Q4'], columns: { value: [1, 2, 3, 4, 5, 6, 7, 8] }, query: gdp }),
    ];
    const results = await fetchShown(async (qs) => qs.map((_, i) => ({ ok: true as const, series: answers[i]! })), [cpi, gdp], 'Units=pc1');
    const [m, q] = results.map((r) => (r.ok ? r.series : null));
    expect(m?.frequency).toBe('quarterly');
    expect(q?.frequency).toBe('quarterly');
    const quarters = [at('2022-01-01'), at('2022-04-01'), at('2022-07-01'), at('2022-10-01')];
    expect(m?.periods).toEqual(['2022-Q1', '2022-Q2', '2022-Q3', '2022-Q4']);
    expect([...spoiled(m!)]).toEqual(quarters);
    expect([...periodStarts(q!)]).toEqual(quarters);
  });

  it('a saved export opened from its file and shown under a transform (showHeld) carries them too; without one, they are read once', async () => {
    const file = JSON.parse(JSON.stringify(daily(400))) as Series;
    const [shown] = await showHeld([file], 'MA=5 Units=pc1');
    if (!shown?.ok) throw new Error('expected the series');
    expect([...spoiled(shown.series)]).toEqual(expected(shown.series));
    const [plain] = await showHeld([file], undefined);
    if (!plain?.ok) throw new Error('expected the series');
    expect([...periodStarts(plain.series)]).toEqual(expected(file));
  });
});

describe('keepStarts', () => {
  it('keeps starts sent beside a series when they fit its axis, and ignores anything else', () => {
    const s = makeSeries({ frequency: 'annual', periods: ['2020', '2021'], columns: { value: [1, 2] } });
    keepStarts(s, [at('2020-01-01'), at('2021-01-01')]); // a plain array (what JSON would give): ignored
    keepStarts(s, new Float64Array([1])); // the wrong length: ignored
    expect([...periodStarts(s)]).toEqual([at('2020-01-01'), at('2021-01-01')]);
    const t = makeSeries({ frequency: 'annual', periods: ['2020', '2021'], columns: { value: [1, 2] } });
    const sent = Float64Array.of(at('2020-01-01'), at('2021-01-01'));
    keepStarts(t, sent);
    expect(spoiled(t)).toBe(sent);
  });
});
