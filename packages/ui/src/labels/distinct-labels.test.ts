import { describe, expect, it } from 'vitest';
import { distinctLabels, sharedName } from './distinct-labels.ts';

const CPI = 'Consumer prices: Consumer price index (all items)';
const TITLES = [
  `${CPI}, change vs same month of previous year: Vietnam`,
  `${CPI}, change vs previous month: Vietnam`,
  `${CPI}, average of the year so far vs same period of previous year: Vietnam`,
];

describe('distinctLabels', () => {
  it('keeps labels that fit as they are', () => {
    expect(distinctLabels(['GDP (current US$): Vietnam', 'GDP (current US$): Thailand'], 56).map((l) => l.short)).toEqual(['GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
  });

  it('shortens the shared start of long GSO names and keeps what differs (issue 22, item 5)', () => {
    const labels = distinctLabels(TITLES, 56);
    expect(labels.map((l) => l.short)).toEqual([
      'Consumer prices… change vs same month of…: Vietnam',
      'Consumer prices… change vs previous month: Vietnam',
      'Consumer prices… average of the year so far…: Vietnam',
    ]);
    expect(labels.map((l) => l.full)).toEqual(TITLES);
    for (const l of labels) expect(l.short.length).toBeLessThanOrEqual(56);
    // Cut at the end (the old legend) all three read the same.
    expect(TITLES[0]!.slice(0, 52)).toBe(TITLES[1]!.slice(0, 52));
  });

  it('keeps both ends of the differing part when its start is shared too', () => {
    const a = `${CPI}: change of the index over the twelve months to the month shown, Vietnam`;
    const b = `${CPI}: change of the index over the twelve months to the month shown, Thailand`;
    const c = `${CPI}: change of the index over the three months to the month shown, Vietnam`;
    const shorts = distinctLabels([a, b, c], 40).map((l) => l.short);
    expect(new Set(shorts).size).toBe(3);
    for (const s of shorts) expect(s.length).toBeLessThanOrEqual(40);
  });

  it('numbers exact repeats and cuts a single long label at its end', () => {
    expect(distinctLabels(['Exports', 'Exports'], 20).map((l) => l.short)).toEqual(['Exports', 'Exports (2)']);
    expect(distinctLabels([TITLES[0]!], 30)).toEqual([{ short: 'Consumer prices: Consumer…', full: TITLES[0] }]);
  });

  it('gives distinct labels for every pair of real-looking names that differ', () => {
    const names = ['change vs previous month', 'change vs same month of previous year', 'average of the year so far vs same period of previous year', 'year to date vs same period of previous year']
      .flatMap((w) => ['Consumer price index (all items)', 'Food and catering services', 'Housing and construction materials'].map((item) => `Consumer prices: ${item}, ${w}`));
    for (const max of [24, 40, 56, 64]) {
      const shorts = distinctLabels(names, max).map((l) => l.short);
      expect(new Set(shorts).size, `max ${max}`).toBe(names.length);
    }
  });
});

describe('sharedName', () => {
  it('says the shared indicator once and keeps the countries (five ASEAN countries, issue 29)', () => {
    const names = ['Vietnam', 'Thailand', 'Malaysia', 'Philippines', 'Indonesia'].map((c) => `GDP growth (annual %): ${c}`);
    expect(sharedName(names)).toEqual({ shared: 'GDP growth (annual %)', parts: ['Vietnam', 'Thailand', 'Malaysia', 'Philippines', 'Indonesia'] });
  });

  it('shares whole phrases only, at either end', () => {
    expect(sharedName(['GDP (current US$): Vietnam', 'GDP growth (annual %): Vietnam'])).toEqual({ shared: 'Vietnam', parts: ['GDP (current US$)', 'GDP growth (annual %)'] });
    expect(sharedName(TITLES)).toEqual({
      shared: `${CPI} · Vietnam`,
      parts: ['change vs same month of previous year', 'change vs previous month', 'average of the year so far vs same period of previous year'],
    });
    expect(sharedName(['BIG: Open', 'BIG: High', 'BIG: Volume'])).toEqual({ shared: 'BIG', parts: ['Open', 'High', 'Volume'] });
    expect(sharedName(['GDP (current US$): Vietnam, % change from a year ago', 'GDP (current US$): Thailand, % change from a year ago']))
      .toEqual({ shared: 'GDP (current US$) · % change from a year ago', parts: ['Vietnam', 'Thailand'] });
  });

  it('shares nothing when no whole phrase is common, with one name, or with equal names', () => {
    expect(sharedName(['GDP (current US$)', 'GDP growth (annual %)'])).toEqual({ shared: null, parts: ['GDP (current US$)', 'GDP growth (annual %)'] });
    expect(sharedName(['GDP growth (annual %): Vietnam'])).toEqual({ shared: null, parts: ['GDP growth (annual %): Vietnam'] });
    expect(sharedName(['A: x', 'A: x'])).toEqual({ shared: null, parts: ['A: x', 'A: x'] });
    // Each name keeps a phrase of its own (no empty header).
    expect(sharedName(['Retail sales: Vietnam', 'Retail sales: Vietnam, monthly'])).toEqual({ shared: 'Retail sales', parts: ['Vietnam', 'Vietnam, monthly'] });
  });
});
