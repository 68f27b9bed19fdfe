/**
 * The one path from queries to what is shown, over a fake fetch that records every job: one job per
 * call (or per fetchPlans), the widened queries in it, names before the transform, the common
 * frequency, and a refusal failing its own query alone.
 */
import { InvalidParameterError, NotFoundError, type Catalogue, type FetchSeriesOptions, type Series, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months } from '../testing/make-series.ts';
import { fetchDerived, fetchPlans, fetchShown, planDerived, planShown, savedRecipe, showHeld, type Fetched, type SeriesFetch } from './shown.ts';

const GDP: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2022 };
const POP: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2020, end_year: 2022 };
const RETAIL: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly', start_year: 2021, end_year: 2022 };

/** Levels growing 10 % a period over the asked years, named by the indicator code. */
function answer(q: SeriesQuery): Series {
  if (q.kind !== 'indicator') throw new Error('indicator queries only');
  const from = q.start_year ?? 2015;
  const to = q.end_year ?? 2022;
  const periods = q.frequency === 'monthly' ? months(from, 1, (to - from + 1) * 12) : Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  const made = makeSeries({ frequency: q.frequency ?? 'annual', periods, columns: { value: periods.map((_, i) => 100 * 1.1 ** i) }, title: q.indicator, query: q });
  return { ...made, dimensions: { source: q.source, indicator: q.indicator, country: q.country ?? '' } };
}

/** A fetch answering every query (NOPE: not found), recording each job's queries and options. */
function recording(): { fetch: SeriesFetch; jobs: Array<{ queries: SeriesQuery[]; options: FetchSeriesOptions }> } {
  const jobs: Array<{ queries: SeriesQuery[]; options: FetchSeriesOptions }> = [];
  const fetch: SeriesFetch = async (queries, options) => {
    jobs.push({ queries, options });
    return queries.map((q): Fetched => (q.kind === 'indicator' && q.indicator === 'NOPE' ? { ok: false, error: new NotFoundError('no such indicator') } : { ok: true, series: answer(q) }));
  };
  return { fetch, jobs };
}

const CATALOGUE = {
  sources: [{ source: { code: 'WB', name: 'World Bank' }, indicators: [{ code: 'NY.GDP.MKTP.CD', name: 'NY.GDP.MKTP.CD', name_vi: 'GDP (giá hiện hành)' }, { code: 'SP.POP.TOTL', name: 'SP.POP.TOTL', name_vi: 'Dân số' }] }],
} as unknown as Catalogue;

const series = (r: Fetched<unknown> | undefined): Series => {
  if (!r?.ok) throw new Error(`expected a series, got ${JSON.stringify(r)}`);
  return r.series;
};

describe('fetchShown', () => {
  it('widens for the transform, fetches in one job, and transforms back to the asked range', async () => {
    const { fetch, jobs } = recording();
    const [gdp, pop] = await fetchShown(fetch, [GDP, POP], 'Units=pc1', { signal: new AbortController().signal });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.queries).toEqual([{ ...GDP, start_year: 2019 }, { ...POP, start_year: 2019 }]);
    expect(jobs[0]!.options.signal).toBeInstanceOf(AbortSignal);
    expect(series(gdp).periods).toEqual(['2020', '2021', '2022']);
    for (const v of series(gdp).values[0]!) expect(v).toBeCloseTo(10, 10);
    expect(series(pop).provenance.transform).toBe('Units=pc1');
  });

  it('sends the queries as they are without a transform', async () => {
    const { fetch, jobs } = recording();
    const [gdp] = await fetchShown(fetch, [GDP], undefined);
    expect(jobs[0]!.queries).toEqual([GDP]);
    expect(series(gdp)).toEqual(answer(GDP));
  });

  it('brings a faster series to the lowest frequency (common calendar), or keeps its own', async () => {
    const { fetch } = recording();
    const [, retail] = await fetchShown(fetch, [GDP, RETAIL], '');
    expect(series(retail).frequency).toBe('annual');
    expect(series(retail).provenance.transform).toBe('Per=A');
    // The frequency it came in, for the note saying what was converted (a GSO query may name none).
    expect(series(retail).provenance.converted_from).toBe('monthly');
    const [, own] = await fetchShown(fetch, [GDP, RETAIL], '', { calendar: 'own' });
    expect(series(own).frequency).toBe('monthly');
  });

  it('fails a refused query alone, before any request for it', async () => {
    const { fetch, jobs } = recording();
    const [gdp, retail, nope] = await fetchShown(fetch, [GDP, RETAIL, { ...RETAIL, indicator: 'NOPE' }], 'Per=M', { calendar: 'own' });
    expect(gdp).toMatchObject({ ok: false });
    expect((gdp as { error: unknown }).error).toBeInstanceOf(InvalidParameterError);
    expect(series(retail).frequency).toBe('monthly');
    expect(nope).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(jobs[0]!.queries).toEqual([RETAIL, { ...RETAIL, indicator: 'NOPE' }]);
  });

  it('names indicator series in the chosen language before the transform adds to the title; the catalogue only when needed', async () => {
    const { fetch } = recording();
    let asked = 0;
    const names = { catalogue: async (): Promise<Catalogue> => { asked += 1; return CATALOGUE; } };
    const [gdp] = await fetchShown(fetch, [GDP], 'Units=pc1', { names, language: 'vi' });
    expect(series(gdp).title).toMatch(/^GDP \(giá hiện hành\)/);
    expect(series(gdp).title).not.toBe('GDP (giá hiện hành)');
    expect(asked).toBe(1);
    await fetchShown(fetch, [GDP], '', { names, language: 'en' });
    await fetchShown(fetch, [{ ...GDP, indicator: 'NOPE' }], '', { names, language: 'vi' });
    expect(asked).toBe(1);
  });

  it('fails for a catalogue that cannot be had, or keeps the names as sent when told to', async () => {
    const { fetch } = recording();
    const down = async (): Promise<Catalogue> => { throw new NotFoundError('catalogue down'); };
    await expect(fetchShown(fetch, [GDP], '', { names: { catalogue: down }, language: 'vi' })).rejects.toThrow('catalogue down');
    const [gdp] = await fetchShown(fetch, [GDP], '', { names: { catalogue: down, unavailable: 'keep' }, language: 'vi' });
    expect(series(gdp).title).toBe('NY.GDP.MKTP.CD');
  });

  it('says what a fetch function broke when it answers fewer results than queries', async () => {
    await expect(fetchShown(async () => [], [GDP], '')).rejects.toThrow(/one per query/);
  });
});

describe('showHeld (a saved export opened offline)', () => {
  it('transforms series at hand through the same plan: back to the asked range, nothing earlier than the file holds', async () => {
    const [gdp, retail] = await showHeld([answer(GDP), answer(RETAIL)], 'Units=pc1');
    // The file starts at 2020: 2020's growth has no 2019 to read (nothing is fetched), the others are 10 %.
    expect(series(gdp).periods).toEqual(['2020', '2021', '2022']);
    expect(series(gdp).values[0]![0]).toBeNull();
    expect(series(gdp).values[0]![1]).toBeCloseTo(10, 10);
    expect(series(gdp).title).toBe('NY.GDP.MKTP.CD, % change from a year ago');
    // Each series keeps its own frequency (a monthly one's growth from a year ago is twelve months back).
    expect(series(retail).frequency).toBe('monthly');
    expect(series(retail).values[0]!.slice(0, 13)).toEqual([...Array(12).fill(null), expect.closeTo((1.1 ** 12 - 1) * 100, 8)]);
  });

  it('answers each series as it is without a transform, fails a refused one alone, and transforms a transformed one on top', async () => {
    expect((await showHeld([answer(GDP)], '')).map(series)).toEqual([answer(GDP)]);
    const [gdp, retail] = await showHeld([answer(GDP), answer(RETAIL)], 'Per=M');
    expect(gdp).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    expect(series(retail).frequency).toBe('monthly');
    const [growth] = await showHeld([answer(GDP)], 'Units=pc1');
    const [smoothed] = await showHeld([series(growth)], 'MA=2');
    expect(series(smoothed).provenance.transform).toBe('Units=pc1 | MA=2');
    expect(series(smoothed).values[0]).toEqual([null, null, expect.closeTo(10, 10)]);
  });
});

describe('planShown and fetchPlans', () => {
  it('fetches several plans (blocks of other transforms and languages) in ONE job', async () => {
    const { fetch, jobs } = recording();
    const plans = [planShown([GDP], 'Units=pc1', { language: 'vi' }), planShown([POP], ''), planDerived([{ expression: 'a/b', operands: [{ name: 'a', query: GDP }, { name: 'b', query: POP }] }])];
    const [gdp, pop, ratio] = (await fetchPlans(fetch, plans, { names: { catalogue: async () => CATALOGUE } })).map((results) => results[0]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.queries).toEqual([{ ...GDP, start_year: 2019 }, POP, GDP, POP]);
    expect(series(gdp).title).toMatch(/^GDP \(giá hiện hành\)/);
    expect(series(pop).title).toBe('SP.POP.TOTL');
    expect(series(ratio).values[0]).toEqual([1, 1, 1]);
  });

  it('leaves a refused query out of what is fetched (the cost preview)', () => {
    expect(planShown([GDP, RETAIL], 'Per=M').queries).toEqual([RETAIL]);
    expect(planDerived([{ expression: 'a+', operands: [{ name: 'a', query: GDP }] }]).queries).toEqual([]);
  });
});

describe('fetchDerived', () => {
  it('computes each request from its operands (one job), a failed operand failing its request alone', async () => {
    const { fetch, jobs } = recording();
    const ok = { expression: 'a/b*100', operands: [{ name: 'a', query: GDP }, { name: 'b', query: POP }] };
    const broken = { expression: 'a*2', operands: [{ name: 'a', query: { ...GDP, indicator: 'NOPE' } }] };
    const [ratio, failed] = await fetchDerived(fetch, [ok, broken]);
    expect(jobs).toHaveLength(1);
    expect(series(ratio).values[0]).toEqual([100, 100, 100]);
    expect(failed).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('reads a saved recipe back, dropping a preset it does not know', () => {
    const operands = [{ name: 'a', query: GDP }];
    expect(savedRecipe({ expression: 'a', operands, preset: 'per_capita' })).toEqual({ expression: 'a', operands, preset: 'per_capita' });
    expect(savedRecipe({ expression: 'a', operands, preset: 'gone' })).toEqual({ expression: 'a', operands });
  });
});
