// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { indicatorFixture } from '@econdata/core/testing';
import { gdp } from '../../../test/support/series.ts';
import { chartData } from './chart-data.ts';
import { axisUnit, chartFigure, isMarkDate, labelRows, lineKey, markSeconds, secondAxisOffer, type ChartFigure } from './chart-figure.ts';
import { sourceLine } from '@econdata/ui';
import { valueScale } from './chart-scales.ts';
import { chartSvg } from './chart-svg.ts';
import { WORLD_EVENTS } from './chart-events.ts';

const vn = gdp('VN', 'Viet Nam', ['2006', '2007', '2008', '2009', '2010'], [66.4e9, 77.4e9, 99.1e9, 106e9, 115.9e9]);
const th = gdp('TH', 'Thailand', ['2006', '2007', '2008', '2009', '2010'], [221.8e9, 262.9e9, 291.4e9, 281.7e9, 341.1e9]);
const growth = indicatorFixture({
  query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country: 'VN' }, name: 'GDP growth (annual %)', countryName: 'Viet Nam', unit: 'annual %',
  periods: ['2006', '2007', '2008', '2009', '2010'], values: [7, 7.1, 5.7, 5.4, 6.4],
});

/** The SVG parsed, its texts by role. */
function texts(svg: string, role: string): string[] {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  return [...doc.querySelectorAll(`text[data-role="${role}"]`)].map((t) => t.textContent ?? '');
}

function figure(right: string[] = []): ChartFigure {
  return chartFigure({
    data: chartData([vn, growth]), title: 'GDP and its growth: Viet Nam', subtitle: 'Shown as: level', source: sourceLine([vn, growth]),
    right: new Set(right), marks: [WORLD_EVENTS[1]!.mark, { kind: 'line', at: '2007-01-11', label: 'WTO accession' }],
  });
}

describe('valueScale', () => {
  it('pads a range to nice steps and counts its ticks exactly', () => {
    expect(valueScale([2.1, 7.9])).toEqual({ min: 2, max: 8, ticks: [2, 4, 6, 8] });
    expect(valueScale([2.1, 7.9], 8).ticks).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(valueScale([0.1, 0.3], 4).ticks).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(valueScale([null, 5, 5])).toEqual({ min: 4.4, max: 5.6, ticks: [4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6] });
    expect(valueScale([])).toMatchObject({ min: 0, max: 1 });
  });
});

describe('chart figure', () => {
  it('offers the right axis to the lines whose unit differs from the first, and names both axes\' units', () => {
    const data = chartData([vn, th, growth]);
    expect(secondAxisOffer(data.lines)).toEqual([lineKey(data.lines[2]!)]);
    expect(secondAxisOffer(chartData([vn, th]).lines)).toEqual([]);
    const f = chartFigure({ data, title: 't', subtitle: null, source: '', right: new Set(secondAxisOffer(data.lines)), marks: [] });
    expect(f.lines.map((l) => l.axis)).toEqual(['left', 'left', 'right']);
    expect([axisUnit(f.lines, 'left'), axisUnit(f.lines, 'right')]).toEqual(['current US$', 'annual %']);
  });

  it('reads mark dates as whole years, months or days', () => {
    expect(['2008', '2008-09', '2008-09-15'].every(isMarkDate)).toBe(true);
    expect(['08', '2008-13', '2008/09', '2008-09-32'].some(isMarkDate)).toBe(false);
    expect(markSeconds('2008') * 1000).toBe(Date.UTC(2008, 0, 1));
    expect(markSeconds('2009', true) * 1000).toBe(Date.UTC(2010, 0, 1));
    expect(markSeconds('2009-06', true) * 1000).toBe(Date.UTC(2009, 6, 1));
    expect(markSeconds('2020-01-30', true) * 1000).toBe(Date.UTC(2020, 0, 31));
    expect(() => markSeconds('June 2009')).toThrow('"June 2009" is not a date: write a year (2008), a month (2008-09) or a day (2008-09-15).');
  });

  it('says the source once per organisation with the day retrieved, as FRED does', () => {
    expect(sourceLine([vn, th])).toBe(`Source: ${vn.provenance.source} (retrieved ${vn.provenance.retrieved_at.slice(0, 10)}). Chart: Econdata.`);
  });
});

describe('chartSvg', () => {
  it('draws vector text: title, subtitle, every legend name whole with its axis, both units, the marks and the source', () => {
    const svg = chartSvg(figure([lineKey(chartData([vn, growth]).lines[1]!)]), 1280, 720);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720"')).toBe(true);
    expect(svg).not.toContain('<image');
    expect(texts(svg, 'title')).toEqual(['GDP and its growth: Viet Nam']);
    expect(texts(svg, 'subtitle')).toEqual(['Shown as: level']);
    expect(texts(svg, 'legend')).toEqual(['GDP (current US$): Viet Nam (left axis)', 'GDP growth (annual %): Viet Nam (right axis)']);
    expect(texts(svg, 'unit-left')).toEqual(['current US$']);
    expect(texts(svg, 'unit-right')).toEqual(['annual %']);
    expect(texts(svg, 'mark-label')).toEqual(['Global financial crisis', 'WTO accession']);
    expect(texts(svg, 'source')).toEqual([sourceLine([vn, growth])]);
    expect(svg.match(/data-role="line"/g)).toHaveLength(2);
    expect(svg.match(/data-role="shade"/g)).toHaveLength(1);
  });

  it('with one axis, names no axis in the legend; a mark outside the data is not drawn', () => {
    const f = chartFigure({ data: chartData([vn, th]), title: 'GDP', subtitle: null, source: 'Source: x. Chart: Econdata.', right: new Set(), marks: [WORLD_EVENTS[0]!.mark] });
    const svg = chartSvg(f, 800, 500);
    expect(texts(svg, 'legend')).toEqual(['Viet Nam', 'Thailand']);
    expect(texts(svg, 'unit-right')).toEqual([]);
    expect(texts(svg, 'mark-label')).toEqual([]);
    expect(texts(svg, 'subtitle')).toEqual([]);
  });

  it('wraps a long legend name onto more rows rather than cutting it', () => {
    const long = { ...vn, title: 'Consumer prices: Consumer price index (all items), change vs same month of previous year, and a longer tail of words' };
    const f = chartFigure({ data: chartData([long, th]), title: 'CPI', subtitle: null, source: 's', right: new Set(), marks: [] });
    expect(texts(chartSvg(f, 400, 400), 'legend').join(' ')).toBe(`${f.lines[0]!.full} ${f.lines[1]!.full}`);
  });

  it('thins 100,000 points to a few per pixel column, and escapes text', () => {
    const periods = Array.from({ length: 100_000 }, (_, i) => new Date(Date.UTC(1800, 0, 1 + i)).toISOString().slice(0, 10));
    const daily = { ...vn, frequency: 'daily' as const, title: 'A & B <daily>', periods, values: [periods.map((_, i) => Math.sin(i / 100))] };
    const f = chartFigure({ data: chartData([daily]), title: 'Sine & co', subtitle: null, source: 's', right: new Set(), marks: [] });
    const svg = chartSvg(f, 800, 500);
    expect(svg).toContain('Sine &amp; co');
    expect(texts(svg, 'legend')).toEqual(['A & B <daily>']);
    const points = (svg.match(/data-role="line"/) ? svg.split('data-role="line"')[0]!.split('<path d="').pop()!.split('L').length : 0);
    expect(points).toBeLessThan(800 * 4);
    expect(points).toBeGreaterThan(700);
  });
});

describe('labelRows', () => {
  it('stacks a label that would overlap the one before, and keeps a clear one on the top row', () => {
    expect(labelRows([[10, 80], [50, 60], [200, 40], [60, 10]])).toEqual([0, 1, 0, 2]);
  });
});
