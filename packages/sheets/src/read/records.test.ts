import { describe, expect, it } from 'vitest';
import { recordsToSeries, type ExportRecord } from './records.ts';

const OPTIONS = { retrievedAt: '2026-01-01T00:00:00.000Z', endpoint: '/export/csv', source: 'WB', file: 'export.csv' };

/**
 * Records of `series` series x `years` years, each wrapped in a Proxy that counts every read of a
 * field (get, `in`): the work the reader does, independent of the machine's speed.
 */
function countedRecords(series: number, years: number, projections = true): { records: ExportRecord[]; reads: () => number } {
  let reads = 0;
  const records: ExportRecord[] = [];
  for (let s = 0; s < series; s++) {
    for (let y = 0; y < years; y++) {
      const r: ExportRecord = { indicator_code: `IND.${s}`, indicator_name: `Indicator ${s}`, country_code: 'VN', country_name: 'Vietnam', year: String(2000 + y), value: String(s + y), unit: 'USD', is_projection: projections ? String(y === years - 1) : '' };
      records.push(new Proxy(r, {
        get(target, key) { reads++; return Reflect.get(target, key) as unknown; },
        has(target, key) { reads++; return Reflect.has(target, key); },
      }));
    }
  }
  return { records, reads: () => reads };
}

describe('recordsToSeries: reading a service export is linear in its records', () => {
  it('reads each record a fixed number of times, however many series the file holds', () => {
    const perRecord = (series: number): number => {
      // No projection flags anywhere (WB exports): the case that made every series scan the file.
      const { records, reads } = countedRecords(series, 3, false);
      const out = recordsToSeries(records, 'indicator', OPTIONS);
      expect(out).toHaveLength(series);
      return reads() / records.length;
    };
    const small = perRecord(10);
    const large = perRecord(2000);
    // Before: every series scanned every record for is_projection, so reads per record grew with
    // the number of series (some 4000 per record here); now they are the same constant.
    expect(Math.abs(large - small)).toBeLessThan(1);
    expect(large).toBeLessThan(20);
  });

  it('keeps each series\' own periods, values and projection flags', () => {
    const { records } = countedRecords(2, 3);
    const [a, b] = recordsToSeries(records, 'indicator', OPTIONS);
    expect(a).toMatchObject({ id: 'indicator:WB:IND.0:VN', periods: ['2000', '2001', '2002'], values: [[0, 1, 2]], flags: { is_projection: [false, false, true] } });
    expect(b).toMatchObject({ id: 'indicator:WB:IND.1:VN', periods: ['2000', '2001', '2002'], values: [[1, 2, 3]] });
  });
});
