/**
 * Derived series (@econdata/analysis deriveSeries and its request helpers) on real data fetched
 * from the sandbox over HTTP, each result compared with values this test computes itself from the
 * fetched operands (plain loops, not the engine) or with the figure the World Bank or GSO
 * published. The request count of a derived series over ten countries is read from the sandbox's
 * own counters (/_sandbox/stats).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDerived, derivedQueries, presetRequest, type DerivedRequest } from '@econdata/analysis';
import { assertSeries, EconDataClient, seriesNamer, type NameLanguage, type Series, type SeriesQuery } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

const wb = (indicator: string, country: string, start_year = 2000, end_year = 2023): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year, end_year });

// GSO's own Vietnamese labels (gso_vn_gdp_quarterly.csv sector_vi "TỔNG SỐ", the retail table's), as the service composes name_vi.
const GDP_VI = 'Tổng sản phẩm trong nước theo giá so sánh 2010: TỔNG SỐ, giá trị trong quý: Vietnam';
const RETAIL_VI = 'Tổng mức bán lẻ hàng hóa và doanh thu dịch vụ tiêu dùng: TỔNG SỐ, trị giá (đã sửa khi GSO công bố lại): Vietnam';
const GDP_EN = 'Gross domestic product at constant 2010 prices: TOTAL GDP, value for the quarter: Vietnam';
const gsoGdp: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', frequency: 'quarterly', start_year: 2020, end_year: 2024 };
const gsoRetail: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly', start_year: 2020, end_year: 2024 };

describe.skipIf(!realDataDir)('derived series on real data through the sandbox', () => {
  let sb: Sandbox;
  let client: EconDataClient;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
    client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
  });
  afterAll(async () => {
    await sb.close();
  });

  async function fetchAll(queries: readonly SeriesQuery[], using = client): Promise<Series[]> {
    const results = await using.fetchSeries(queries);
    return results.map((r) => {
      if (!r.ok) throw r.error;
      return r.series;
    });
  }

  /** Fetches a request's operands in one job and computes it. */
  async function derive(request: DerivedRequest): Promise<Series> {
    return assertSeries(computeDerived(request, await fetchAll(derivedQueries(request))));
  }

  /** Column `key` of a Series as period -> value (nulls left out). */
  const byPeriod = (s: Series, key = 'value'): Map<string, number> => {
    const c = s.columns.findIndex((col) => col.key === key);
    const out = new Map<string, number>();
    s.periods.forEach((p, i) => {
      const v = s.values[c]![i];
      if (v !== null && v !== undefined) out.set(p, v);
    });
    return out;
  };

  it('Vietnam\'s GDP per capita from GDP and population equals the World Bank\'s own NY.GDP.PCAP.CD within rounding', async () => {
    const out = await derive(presetRequest('per_capita', { query: wb('NY.GDP.MKTP.CD', 'VN') }));
    const [gdp, pop, pcap] = await fetchAll([wb('NY.GDP.MKTP.CD', 'VN'), wb('SP.POP.TOTL', 'VN'), wb('NY.GDP.PCAP.CD', 'VN')]);
    expect(out.periods).toEqual(Array.from({ length: 24 }, (_, i) => String(2000 + i)));
    expect(out.title).toBe('GDP (current US$): Vietnam, per capita');
    expect(out.columns[0]!.unit).toBe('current US$ per person');
    const g = byPeriod(gdp!);
    const p = byPeriod(pop!);
    const published = byPeriod(pcap!);
    out.periods.forEach((period, i) => {
      const v = out.values[0]![i]!;
      expect(v).toBeCloseTo(g.get(period)! / p.get(period)!, 6);
      // The World Bank computes NY.GDP.PCAP.CD the same way: agreement to 1e-12 relative (measured 4e-15).
      expect(Math.abs(v / published.get(period)! - 1)).toBeLessThan(1e-12);
    });
    expect(out.provenance.derivation).toMatchObject({
      expression: 'a/b',
      operands: [{ name: 'a', query: wb('NY.GDP.MKTP.CD', 'VN') }, { name: 'b', query: wb('SP.POP.TOTL', 'VN') }],
    });
    // 2023: about 4,300 US$ a head (WDI).
    expect(out.values[0]![23]).toBeGreaterThan(4000);
    expect(out.values[0]![23]).toBeLessThan(4700);
  });

  it('merchandise trade as a share of GDP, (a+b)/c*100, equals the World Bank\'s TG.VAL.TOTL.GD.ZS', async () => {
    const request: DerivedRequest = {
      expression: '(a+b)/c*100',
      operands: [{ name: 'a', query: wb('TX.VAL.MRCH.CD.WT', 'VN') }, { name: 'b', query: wb('TM.VAL.MRCH.CD.WT', 'VN') }, { name: 'c', query: wb('NY.GDP.MKTP.CD', 'VN') }],
    };
    const out = await derive(request);
    expect(out.columns[0]!.unit).toBe('% of GDP');
    const [x, m, g, published] = (await fetchAll([...derivedQueries(request), wb('TG.VAL.TOTL.GD.ZS', 'VN')])).map((s) => byPeriod(s));
    expect(out.periods).toHaveLength(24);
    out.periods.forEach((period, i) => {
      const ours = ((x!.get(period)! + m!.get(period)!) / g!.get(period)!) * 100;
      expect(out.values[0]![i]).toBeCloseTo(ours, 10);
      expect(out.values[0]![i]).toBeCloseTo(published!.get(period)!, 9);
    });
  });

  it('GSO monthly retail sales in US dollars: each month divided by its year\'s official rate (PA.NUS.FCRF)', async () => {
    const retail: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.VALUE', frequency: 'monthly', start_year: 2020, end_year: 2024 };
    const request = presetRequest('usd', { query: retail });
    const out = await derive(request);
    expect(out.frequency).toBe('monthly');
    expect(out.periods).toHaveLength(60);
    expect(out.columns[0]!.unit).toBe('billion US$');
    expect(out.provenance.warnings).toEqual(['Each month uses the year\'s average exchange rate: b = Official exchange rate (LCU per US$, period average): Vietnam.']);
    expect(out.provenance.derivation!.operands[1]!.query).toEqual(wb('PA.NUS.FCRF', 'VN', 2020, 2024));
    const [vnd, rate] = (await fetchAll(derivedQueries(request))).map((s) => byPeriod(s));
    out.periods.forEach((period, i) => {
      expect(out.values[0]![i]).toBeCloseTo(vnd!.get(period)! / rate!.get(period.slice(0, 4))!, 12);
    });
    // December 2024: about 570,000 bn VND at 24,165 VND per US$, some 23.6 bn US$.
    expect(out.values[0]![59]).toBeGreaterThan(20);
    expect(out.values[0]![59]).toBeLessThan(27);
  });

  it('refuses a dollar conversion of a percentage before showing anything', async () => {
    const request = presetRequest('usd', { query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.YOY', frequency: 'monthly', start_year: 2020, end_year: 2024 } });
    const fetched = await fetchAll(derivedQueries(request));
    expect(() => computeDerived(request, fetched)).toThrow('is in percent, change vs same month of previous year, a percentage: it has no currency');
  });

  it('the GSO consumer price index rebuilt from its monthly rates: the chain, and its year-on-year change against GSO\'s published yoy', async () => {
    const mom: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly' };
    const request: DerivedRequest = { expression: 'a', operands: [{ name: 'a', query: mom, transform: 'Level=pch' }] };
    const out = await derive(request);
    const [rates, yoy] = await fetchAll([mom, { ...mom, indicator: 'CPI.YOY' }]);
    expect(out.periods[0]).toBe('2014-01');
    expect(out.columns[0]!.unit).toBe('index, 2014-01 = 100');
    // The chain, computed here: 100 at the first month, then × (1 + r/100).
    const r = byPeriod(rates!);
    let level = 100;
    out.periods.forEach((period, i) => {
      if (i > 0) level *= 1 + r.get(period)! / 100;
      expect(out.values[0]![i]).toBeCloseTo(level, 9);
    });
    // Twelve rounded monthly rates compound to GSO's published yoy within 0.0125 points (measured on this data).
    const growth = await derive({ ...request, transform: 'Units=pc1' });
    const published = byPeriod(yoy!);
    expect(growth.periods[0]).toBe('2014-01');
    let compared = 0;
    growth.periods.forEach((period, i) => {
      const v = growth.values[0]![i];
      if (v === null) return;
      expect(Math.abs(v! - published.get(period)!)).toBeLessThan(0.0125);
      compared++;
    });
    expect(compared).toBe(out.periods.length - 12);
  });

  it('a derived series over ten countries costs the same batch requests as fetching its operands, with the result transform too', async () => {
    const countries = ['VN', 'TH', 'ID', 'MY', 'PH', 'SG', 'CN', 'IN', 'KR', 'JP'];
    const requests = countries.map((c) => presetRequest('per_capita', { query: wb('NY.GDP.MKTP.CD', c) }, 'Units=pc1'));
    const received = async (): Promise<number> => ((await (await fetch(`${sb.url}/_sandbox/stats`)).json()) as { received: number }).received;

    // The operands alone, as an app would fetch them without deriving (fresh client: no cache).
    let before = await received();
    await fetchAll(countries.flatMap((c) => [wb('NY.GDP.MKTP.CD', c, 1999), wb('SP.POP.TOTL', c, 1999)]), new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' }));
    const operandsOnly = (await received()) - before;

    // Every operand of every derived series in ONE fetchSeries job.
    before = await received();
    const queries = requests.flatMap(derivedQueries);
    const fetched = await fetchAll(queries, new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' }));
    const derivedCost = (await received()) - before;
    expect(derivedCost).toBe(operandsOnly);
    expect(derivedCost).toBe(1); // one batch: 2 indicators × 10 countries, one year range

    let at = 0;
    for (const [i, request] of requests.entries()) {
      const s = computeDerived(request, fetched.slice(at, (at += request.operands.length)));
      expect(s.periods[0]).toBe('2000');
      expect(s.title).toContain(', per capita, % change from a year ago');
      expect(s.provenance.derivation!.operands[0]!.query).toEqual(wb('NY.GDP.MKTP.CD', countries[i]!));
    }
  });

  describe('named in the language chosen for series names (operands by core\'s seriesNamer, then computeDerived in that language)', () => {
    /** A request computed as an app does it: operands fetched in one job, named in `language`, then computeDerived in it. */
    async function deriveIn(request: DerivedRequest, language: NameLanguage): Promise<Series> {
      const name = seriesNamer(await client.catalogue(), language);
      return assertSeries(computeDerived(request, (await fetchAll(derivedQueries(request))).map(name), { language }));
    }

    it('per capita of GSO GDP: the Vietnamese name and "bình quân đầu người"; the same values as in English', async () => {
      const request = presetRequest('per_capita', { query: gsoGdp });
      const [vi, en] = [await deriveIn(request, 'vi'), await deriveIn(request, 'en')];
      expect(vi.title).toBe(`${GDP_VI}, bình quân đầu người`);
      expect(vi.columns[0]!.label).toBe(vi.title);
      expect(en.title).toBe(`${GDP_EN}, per capita`);
      expect(vi.periods).toEqual(['2020', '2021', '2022', '2023', '2024']);
      expect(vi.values).toEqual(en.values);
      // GSO's short spelling GDP.VALUE (answered under that code) is found by its English name.
      const short = await deriveIn(presetRequest('per_capita', { query: { ...gsoGdp, indicator: 'GDP.VALUE' } }), 'vi');
      expect(short.title).toBe(`${GDP_VI}, bình quân đầu người`);
    });

    it('GSO retail sales in US dollars: "tính bằng đô la Mỹ"; the World Bank rate keeps its English name in the warning', async () => {
      const out = await deriveIn(presetRequest('usd', { query: gsoRetail }), 'vi');
      expect(out.title).toBe(`${RETAIL_VI}, tính bằng đô la Mỹ`);
      expect(out.provenance.warnings).toEqual(['Each month uses the year\'s average exchange rate: b = Official exchange rate (LCU per US$, period average): Vietnam.']);
    });

    it('an expression without words is the operands\' Vietnamese names around its operators; typed words stay as typed', async () => {
      const out = await deriveIn({ expression: 'a/b', operands: [{ name: 'a', query: gsoGdp }, { name: 'b', query: gsoRetail }] }, 'vi');
      expect(out.title).toBe(`[${GDP_VI}] ÷ [${RETAIL_VI}]`);
      const typed = await deriveIn({ ...presetRequest('per_capita', { query: gsoGdp }), words: 'theo đầu người (tự đặt)' }, 'vi');
      expect(typed.title).toBe(`${GDP_VI}, theo đầu người (tự đặt)`);
    });
  });
});
