import { describe, expect, it } from 'vitest';
import { makeSeries, months, quarters, weekdays, years } from '../testing/make-series.ts';
import { applyTransform } from '../transform/apply.ts';

const annual = (values: Array<number | null>, from = 2000) => makeSeries({ frequency: 'annual', periods: years(from, from + values.length - 1), columns: { value: values } });
const units = (s: ReturnType<typeof annual>, u: string) => applyTransform(s, `Units=${u}`).values[0]!;

describe('Units on annual data (n = 1)', () => {
  const s = annual([100, 110, 121, 60.5]);
  it('gives FRED\'s formulas', () => {
    expect(units(s, 'lin')).toEqual([100, 110, 121, 60.5]);
    expect(units(s, 'chg')).toEqual([null, 10, 11, -60.5]);
    expect(units(s, 'ch1')).toEqual([null, 10, 11, -60.5]);
    const pch = units(s, 'pch');
    expect(pch[0]).toBeNull();
    expect(pch[1]).toBeCloseTo(10, 12);
    expect(pch[2]).toBeCloseTo(10, 12);
    expect(pch[3]).toBeCloseTo(-50, 12);
    expect(units(s, 'pc1')).toEqual(pch);
    expect(units(s, 'pca')).toEqual(pch); // n = 1: (x/b)^1 - 1
    const cch = units(s, 'cch');
    expect(cch[1]).toBeCloseTo(Math.log(1.1) * 100, 12);
    expect(cch[3]).toBeCloseTo(Math.log(0.5) * 100, 12);
    expect(units(s, 'cca')).toEqual(cch);
    expect(units(s, 'log')).toEqual([Math.log(100), Math.log(110), Math.log(121), Math.log(60.5)]);
  });

  it('a missing value, or a missing year, is a missing lag: never skipped over', () => {
    const gap = annual([100, null, 121, 133.1]);
    expect(units(gap, 'chg')).toEqual([null, null, null, 133.1 - 121]);
    // 2001 absent from the axis altogether: 2002 has no lag, though the observation before is 2000.
    const absent = makeSeries({ frequency: 'annual', periods: ['2000', '2002', '2003'], columns: { value: [100, 121, 133.1] } });
    expect(units(absent, 'pch')[1]).toBeNull();
    expect(units(absent, 'pch')[2]).toBeCloseTo(10, 12);
  });

  it('negative and zero bases give missing percentages; logs of values <= 0 are missing', () => {
    const balance = annual([-5, 10, 0, 4, -2]); // a trade balance crossing zero
    expect(units(balance, 'chg')).toEqual([null, 15, -10, 4, -6]);
    expect(units(balance, 'pch')).toEqual([null, null, -100, null, -150]);
    expect(units(balance, 'pca')).toEqual([null, null, -100, null, null]); // a negative value has no compounded rate
    expect(units(balance, 'cch')).toEqual([null, null, null, null, null]);
    expect(units(balance, 'cca')).toEqual([null, null, null, null, null]);
    expect(units(balance, 'log')).toEqual([null, Math.log(10), null, Math.log(4), null]);
  });
});

describe('Units on quarterly and monthly data', () => {
  it('pc1 and ch1 look n calendar periods back; pca and cca annualize with n', () => {
    const q = makeSeries({ frequency: 'quarterly', periods: quarters(2020, 1, 6), columns: { value: [100, 102, 104, 106, 110, 112.2] } });
    const pc1 = applyTransform(q, 'Units=pc1').values[0]!;
    expect(pc1.slice(0, 4)).toEqual([null, null, null, null]);
    expect(pc1[4]).toBeCloseTo(10, 12);
    expect(pc1[5]).toBeCloseTo(10, 12);
    expect(applyTransform(q, 'Units=ch1').values[0]).toEqual([null, null, null, null, 10, 112.2 - 102]);
    const pca = applyTransform(q, 'Units=pca').values[0]!;
    expect(pca[1]).toBeCloseTo(((102 / 100) ** 4 - 1) * 100, 12);
    const cca = applyTransform(q, 'Units=cca').values[0]!;
    expect(cca[1]).toBeCloseTo(Math.log(1.02) * 400, 12);
  });

  it('a month absent from the data is a missing lag for pc1 (the month before is not used)', () => {
    const periods = months(2020, 1, 14).filter((p) => p !== '2020-02');
    const s = makeSeries({ frequency: 'monthly', periods, columns: { value: periods.map((_, i) => 100 + i) } });
    const out = applyTransform(s, 'Units=pc1');
    expect(out.periods.at(-1)).toBe('2021-02');
    expect(out.values[0]!.at(-1)).toBeNull(); // 2021-02 over 2020-02, which is absent
    expect(out.values[0]!.at(-2)).toBeCloseTo((111 / 100 - 1) * 100, 12); // 2021-01 over 2020-01
    expect(applyTransform(s, 'Units=pch').values[0]![1]).toBeNull(); // 2020-03 over the absent 2020-02
  });
});

describe('Units on daily data', () => {
  it('one step back is the previous observation; pca and cca use 260 days a year', () => {
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: ['2024-01-05', '2024-01-08', '2024-01-09'], columns: { close: [10, 11, 12.1] } });
    expect(applyTransform(s, 'Units=chg').values[0]).toEqual([null, 1, 12.1 - 11]);
    expect(applyTransform(s, 'Units=pca').values[0]![1]).toBeCloseTo((1.1 ** 260 - 1) * 100, 6);
    expect(applyTransform(s, 'Units=cca').values[0]![1]).toBeCloseTo(Math.log(1.1) * 100 * 260, 9);
  });

  it('a year back is the last observation on or before the same date a year earlier (over a holiday, and 29 February)', () => {
    const periods = [
      '2023-01-19', '2023-01-20', '2023-01-30', // Tết 2023: 21-29 January closed
      '2023-02-27', '2023-02-28', '2023-03-01',
      '2024-01-23', '2024-01-26', '2024-02-29', '2024-03-01',
    ];
    const values = [100, 101, 102, 103, 104, 105, 200, 210, 220, 230];
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods, columns: { close: values } });
    const pc1 = applyTransform(s, 'Units=pc1').values[0]!;
    expect(pc1.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(pc1[6]).toBeCloseTo((200 / 101 - 1) * 100, 12); // 2023-01-23 was closed: 2023-01-20
    expect(pc1[7]).toBeCloseTo((210 / 101 - 1) * 100, 12); // 2023-01-26 closed too: still 2023-01-20
    expect(pc1[8]).toBeCloseTo((220 / 104 - 1) * 100, 12); // 29 February looks at 28 February
    expect(pc1[9]).toBeCloseTo((230 / 105 - 1) * 100, 12);
    expect(applyTransform(s, 'Units=ch1').values[0]![8]).toBe(220 - 104);
  });

  it('a year back before the first observation is missing', () => {
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: weekdays('2023-06-01', '2024-06-05'), columns: { close: null as never } });
    const values = s.periods.map((_, i) => 50 + i);
    const out = applyTransform({ ...s, values: [values] }, 'Units=pc1');
    const firstDefined = out.values[0]!.findIndex((v) => v !== null);
    expect(out.periods[firstDefined]).toBe('2024-06-03'); // 2023-06-03 is a Saturday: 2023-06-02; 2024-06-01/02 are a weekend
    expect(out.periods.filter((p, i) => p < '2024-06-03' && out.values[0]![i] !== null)).toEqual([]);
  });
});
