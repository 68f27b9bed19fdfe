import { describe, expect, it } from 'vitest';
import { SeriesCollector, type SeriesSource } from './collector.ts';
import { NotFoundError } from '../errors/errors.ts';
import type { SeriesQuery } from '../query.ts';
import type { Series } from '../series.ts';

const q = (country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'A', country });
const series = (id: string) => ({ id } as unknown as Series);

describe('SeriesCollector', () => {
  it('sends requests collected within the window as one job and answers each caller', async () => {
    const jobs: SeriesQuery[][] = [];
    const source: SeriesSource = {
      fetchSeries: async (queries) => {
        jobs.push([...queries]);
        return queries.map((x) => (x.kind === 'indicator' && x.country === 'XX' ? { ok: false as const, error: new NotFoundError('Data not found') } : { ok: true as const, series: series(`s:${(x as { country: string }).country}`) }));
      },
    };
    const c = new SeriesCollector(source, { windowMs: 5 });
    const a = c.load(q('VN'));
    const b = c.load(q('TH'));
    const x = c.load(q('XX'));
    expect(c.waiting).toBe(3);
    await expect(a).resolves.toEqual(series('s:VN'));
    await expect(b).resolves.toEqual(series('s:TH'));
    await expect(x).rejects.toMatchObject({ code: 'not_found' });
    expect(jobs).toEqual([[q('VN'), q('TH'), q('XX')]]);
  });

  it('rejects every waiting caller when the whole job fails (none left waiting)', async () => {
    const c = new SeriesCollector({ fetchSeries: async () => { throw new TypeError('boom'); } }, { windowMs: 1000 });
    const all = [c.load(q('VN')), c.load(q('TH'))];
    await c.flush();
    for (const p of all) await expect(p).rejects.toThrow('boom');
  });

  it('a cancelled request leaves the job before it is sent; maxQueries sends at once', async () => {
    const jobs: number[] = [];
    const c = new SeriesCollector({ fetchSeries: async (qs) => { jobs.push(qs.length); return qs.map(() => ({ ok: true as const, series: series('s') })); } }, { windowMs: 1000, maxQueries: 3 });
    const ac = new AbortController();
    const cancelled = c.load(q('VN'), { signal: ac.signal });
    ac.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    await Promise.all([c.load(q('A1')), c.load(q('A2')), c.load(q('A3'))]);
    expect(jobs).toEqual([3]);
  });

  it('a job of bulkFrom queries or more goes as background work; a smaller one keeps the call\'s priority', async () => {
    const priorities: Array<string | undefined> = [];
    const c = new SeriesCollector({ fetchSeries: async (qs, call) => { priorities.push(`${qs.length}:${call?.priority}`); return qs.map(() => ({ ok: true as const, series: series('s') })); } }, { windowMs: 1000, bulkFrom: 3, call: { priority: 'interactive', cache: 'allow-stale' } });
    const two = [c.load(q('A1')), c.load(q('A2'))];
    await c.flush();
    const three = [c.load(q('B1')), c.load(q('B2')), c.load(q('B3'))];
    await c.flush();
    await Promise.all([...two, ...three]);
    expect(priorities).toEqual(['2:interactive', '3:background']);
  });
});
