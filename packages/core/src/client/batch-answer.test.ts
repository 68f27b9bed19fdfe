import { describe, expect, it } from 'vitest';
import { planRequests } from '../plan/planner.ts';
import type { SeriesQuery } from '../query.ts';
import type { IndicatorRecord } from '../wire/records.ts';
import { splitBatchAnswer, type BatchRequest } from './batch-answer.ts';

const record = (indicator_code: string, country_code: string | null, year: number, value: number): IndicatorRecord => ({
  indicator_code, indicator_name: indicator_code, country_code, country_name: null, year, value, unit: null,
});

function batchOf(queries: SeriesQuery[]): BatchRequest {
  const request = planRequests(queries).requests[0]!;
  if (request.kind !== 'batch') throw new Error('expected one batch request');
  return request;
}

const metadata = { source: 'test', last_updated: null, total_records: 0 };

describe('splitBatchAnswer', () => {
  it('gives each member of a batch with countries the records of its indicator and country, in the order sent', () => {
    const wb = (indicator: string, country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year: 2020, end_year: 2021 });
    const req = batchOf([wb('A', 'VN'), wb('A', 'TH'), wb('B', 'VN'), wb('B', 'TH')]);
    const data = [record('A', 'VN', 2020, 1), record('A', 'TH', 2020, 2), record('A', 'VN', 2021, 3), record('B', 'TH', 2020, 4), record('B', 'VN', 2020, 5)];
    const answers = splitBatchAnswer(req, { data, metadata }, []);
    const byMember = new Map(req.members.map((m, i) => [`${String(m.params['indicator'])}|${String(m.params['country'])}`, answers[i]!]));
    const values = (key: string): unknown => {
      const a = byMember.get(key)!;
      return a.ok ? a.result.data.map((r) => r.value) : a.error;
    };
    expect(values('A|VN')).toEqual([1, 3]);
    expect(values('A|TH')).toEqual([2]);
    expect(values('B|VN')).toEqual([5]);
    expect(values('B|TH')).toEqual([4]);
    expect(answers.map((a) => a.ok && a.result.metadata.total_records)).toEqual(req.members.map((m) => (m.params['indicator'] === 'A' && m.params['country'] === 'VN' ? 2 : 1)));
  });

  it('gives each member of a batch without countries (GSO) every record of its indicator, whatever country a record names', () => {
    const gso = (indicator: string): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator, frequency: 'annual', start_year: 2020, end_year: 2022 });
    const req = batchOf([gso('A'), gso('B')]);
    expect(req.body.countries).toBeUndefined();
    const data = [record('A', 'VN', 2020, 1), record('A', null, 2021, 2), record('B', null, 2020, 3), record('A', 'VN', 2022, 4)];
    const answers = splitBatchAnswer(req, { data, metadata }, []);
    const of = (indicator: string): unknown => {
      const a = answers[req.members.findIndex((m) => m.params['indicator'] === indicator)]!;
      return a.ok ? a.result.data.map((r) => r.value) : a.error;
    };
    // A's groups (VN, then no country) joined in the order the groups first appear.
    expect(of('A')).toEqual([1, 4, 2]);
    expect(of('B')).toEqual([3]);
  });
});
