import { describe, expect, it } from 'vitest';
import { periodTickLabel, periodTicks } from './period-ticks.ts';

const s = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
const labels = (min: string, max: string, f: 'monthly' | 'quarterly' | 'annual', most: number): string[] => {
  const { ticks, step } = periodTicks(s(min), s(max), f, most);
  return ticks.map((t) => periodTickLabel(t, f, step));
};

describe('time axis ticks at period starts', () => {
  it('labels six months by their months, never by days', () => {
    expect(labels('2024-01-01', '2024-06-01', 'monthly', 12)).toEqual(['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06']);
  });
  it('thins to every few months, then to years, as the span grows', () => {
    expect(labels('2024-01-01', '2024-12-01', 'monthly', 4)).toEqual(['2024-01', '2024-04', '2024-07', '2024-10']);
    expect(labels('2014-01-01', '2025-02-01', 'monthly', 12)).toEqual(['2014', '2015', '2016', '2017', '2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025']);
    expect(labels('1980-01-01', '2025-01-01', 'annual', 10)).toEqual(['1980', '1985', '1990', '1995', '2000', '2005', '2010', '2015', '2020', '2025']);
  });
  it('starts on the first period at or after the axis start', () => {
    expect(labels('2023-10-01', '2024-05-01', 'monthly', 4)).toEqual(['2023-11', '2024-01', '2024-03', '2024-05']);
    expect(labels('2014-01-01', '2024-10-01', 'quarterly', 50)).toHaveLength(44);
    expect(labels('2024-01-01', '2024-10-01', 'quarterly', 10)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4']);
  });
});
