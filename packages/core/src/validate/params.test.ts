import { describe, expect, it } from 'vitest';
import { batchBody, indicatorParams, queryProblems, stockParams, tradeParams } from './params.ts';

function refusal(fn: () => unknown): { parameter?: string; message: string; code: string } {
  try {
    fn();
  } catch (e) {
    return e as { parameter?: string; message: string; code: string };
  }
  throw new Error('expected a refusal');
}

describe('indicator parameters', () => {
  it('normalizes ISO codes to upper case and keeps years', () => {
    expect(indicatorParams({ source: 'wb', indicator: 'NY.GDP.MKTP.CD', country: 'vn', start_year: 2000, end_year: 2020 }))
      .toEqual({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2020 });
    expect(indicatorParams({ source: 'GSO', indicator: 'CPI', frequency: 'monthly' })).toEqual({ source: 'GSO', indicator: 'CPI', frequency: 'monthly' });
  });

  it.each([
    [{ country: 'VNM' }, 'country', 'Invalid country: expected an ISO 2-letter country code such as "VN", got "VNM". Correct it and try again.'],
    [{ country: 'V!' }, 'country', 'Invalid country: expected an ISO 2-letter country code such as "VN", got "V!". Correct it and try again.'],
    [{ country: '84' }, 'country', 'Invalid country: expected an ISO 2-letter country code such as "VN", got "84". Correct it and try again.'],
    [{ start_year: 2015.5 }, 'start_year', 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got 2015.5. Correct it and try again.'],
    [{ end_year: 1700 }, 'end_year', 'Invalid end_year: expected a whole year between 1800 and 2200 such as 2015, got 1700. Correct it and try again.'],
    [{ start_year: 2020, end_year: 2010 }, 'start_year', 'Invalid start_year: 2020 is after end_year 2010; start_year must be <= end_year.'],
    [{ frequency: 'weekly' }, 'frequency', 'Invalid frequency: expected one of monthly, quarterly, annual, got "weekly". Correct it and try again.'],
    [{ frequency: 'monthly' }, 'frequency', 'Invalid frequency: it applies only to source GSO, not WB. Remove it or use source "GSO".'],
    [{ indicator: '' }, 'indicator', 'Invalid indicator: expected an indicator code such as "NY.GDP.MKTP.CD", got "". Correct it and try again.'],
    [{ country: undefined }, 'country', 'Invalid country: expected an ISO 2-letter country code such as "VN" (required except for GSO), got nothing. Correct it and try again.'],
  ])('refuses %j naming the parameter', (patch, parameter, message) => {
    const e = refusal(() => indicatorParams({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', ...patch } as never));
    expect(e).toMatchObject({ code: 'invalid_parameter', parameter, message });
  });
});

describe('country codes', () => {
  it("accepts the World Bank's aggregate codes that /countries lists beside the ISO ones (1W World, V1...)", () => {
    for (const country of ['1W', 'XD', 'V1', 'eu']) expect(indicatorParams({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country })).toMatchObject({ country: country.toUpperCase() });
  });
});

describe('indicator codes', () => {
  // A code the real GSO data serves (and the service lists): 146 characters.
  const long = 'GDP.ACTIVITIES_OF_THE_COMMUNIST_PARTY_SOCIO_POLITICAL_ORGANIZATIONS_PUBLIC_ADMINISTRATION_AND_DEFENCE_COMPULSORY_SOCIAL_SECURITY.VALUE';

  it('accepts the long codes of GSO tables, up to 255 characters', () => {
    expect(indicatorParams({ source: 'GSO', indicator: long, frequency: 'quarterly' })).toMatchObject({ indicator: long });
    expect(indicatorParams({ source: 'GSO', indicator: 'A'.repeat(255) })).toMatchObject({ indicator: 'A'.repeat(255) });
  });

  it('refuses a code of 256 characters', () => {
    expect(refusal(() => indicatorParams({ source: 'GSO', indicator: 'A'.repeat(256) }))).toMatchObject({
      code: 'invalid_parameter', parameter: 'indicator',
      message: `Invalid indicator: expected an indicator code such as "NY.GDP.MKTP.CD", got "${'A'.repeat(40)}...". Correct it and try again.`,
    });
  });
});

describe('batch body', () => {
  it('refuses empty arrays and names the element that is wrong', () => {
    expect(refusal(() => batchBody({ source: 'WB', indicators: [], countries: ['VN'] }))).toMatchObject({ parameter: 'indicators' });
    expect(refusal(() => batchBody({ source: 'WB', indicators: ['A'], countries: [] }))).toMatchObject({ parameter: 'countries' });
    expect(refusal(() => batchBody({ source: 'WB', indicators: ['A'], countries: ['VN', 'xyz'] }))).toMatchObject({ parameter: 'countries[1]' });
  });
  it('refuses a frequency outside GSO, as a single request does (the service would answer 404 per combination)', () => {
    expect(refusal(() => batchBody({ source: 'WB', indicators: ['A'], countries: ['VN'], frequency: 'monthly' })))
      .toMatchObject({ parameter: 'frequency', message: 'Invalid frequency: it applies only to source GSO, not WB. Remove it or use source "GSO".' });
    expect(batchBody({ source: 'GSO', indicators: ['CPI'], countries: ['vn'], frequency: 'quarterly' })).toEqual({ source: 'GSO', indicators: ['CPI'], countries: ['VN'], frequency: 'quarterly' });
  });
  it('de-duplicates and upper-cases', () => {
    expect(batchBody({ source: 'IMF', indicators: ['NGDPD', 'NGDPD'], countries: ['vn', 'VN', 'th'], start_year: 2000 }))
      .toEqual({ source: 'IMF', indicators: ['NGDPD'], countries: ['VN', 'TH'], start_year: 2000 });
  });
});

describe('trade and stock parameters', () => {
  it('accepts real months and refuses month 13', () => {
    expect(tradeParams({ flow: 'exports', period: '2024-03', partner: 'wld' })).toEqual({ flow: 'exports', period: '2024-03', partner: 'WLD' });
    expect(refusal(() => tradeParams({ period: '2024-13' }))).toMatchObject({ parameter: 'period', message: 'Invalid period: expected a month YYYY-MM such as "2024-03", got "2024-13". Correct it and try again.' });
    expect(refusal(() => tradeParams({ flow: 'transit' as never }))).toMatchObject({ parameter: 'flow' });
  });
  it('refuses 2024-02-30, end before start, and both or neither of symbol and index', () => {
    expect(refusal(() => stockParams({ symbol: 'VNM', start_date: '2024-02-30' }))).toMatchObject({ parameter: 'start_date', message: 'Invalid start_date: expected a calendar date YYYY-MM-DD such as "2024-03-15", got "2024-02-30". Correct it and try again.' });
    expect(stockParams({ symbol: 'vnm', start_date: '2024-02-29' })).toEqual({ symbol: 'VNM', start_date: '2024-02-29' });
    expect(refusal(() => stockParams({ index: 'VNINDEX', start_date: '2024-03-02', end_date: '2024-03-01' }))).toMatchObject({ parameter: 'start_date' });
    expect(refusal(() => stockParams({} as never))).toMatchObject({ parameter: 'symbol', message: 'Invalid stock query: give exactly one of symbol (e.g. "VNM") or index (VNINDEX, HNX or UPCOM).' });
    expect(refusal(() => stockParams({ symbol: 'VNM', index: 'HNX' } as never))).toMatchObject({ parameter: 'symbol' });
    expect(refusal(() => stockParams({ index: 'DOW' as never }))).toMatchObject({ parameter: 'index' });
    expect(stockParams({ index: 'vnindex' as never })).toEqual({ index: 'VNINDEX' });
  });
});

describe('queryProblems: every problem by parameter, from the checks that refuse requests', () => {
  it('reports nothing for a query a request would send', () => {
    expect(queryProblems({ kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: 'monthly' })).toEqual({});
    expect(queryProblems({ kind: 'batch', source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['vn'] })).toEqual({});
    expect(queryProblems({ kind: 'trade' })).toEqual({});
    expect(queryProblems({ kind: 'stock', index: 'VNINDEX' })).toEqual({});
  });

  it('reports all problems at once, each with the accepted form and the same sentence a request is refused with', () => {
    const query = { kind: 'indicator' as const, source: 'WB', indicator: 'bad code!', start_year: 20100, frequency: 'monthly' as const };
    const report = queryProblems(query);
    expect(Object.keys(report)).toEqual(['indicator', 'country', 'start_year', 'frequency']);
    expect(report['start_year']).toEqual({
      parameter: 'start_year', expected: 'a whole year between 1800 and 2200 such as 2015', value: 20100,
      message: 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got 20100. Correct it and try again.',
    });
    expect(report['country']?.expected).toBe('an ISO 2-letter country code such as "VN" (required except for GSO)');
    const { kind: _kind, ...params } = query;
    expect(refusal(() => indicatorParams(params))).toMatchObject({ parameter: 'indicator', message: report['indicator']?.message });
  });

  it('reports a reversed range on both ends, the start first (the one a refused request names)', () => {
    expect(queryProblems({ kind: 'stock', symbol: 'FPT', start_date: '2024-06-01', end_date: '2024-01-01' })).toEqual({
      start_date: { parameter: 'start_date', expected: 'a date no later than the end (2024-01-01)', value: '2024-06-01', message: 'Invalid start_date: 2024-06-01 is after end_date 2024-01-01; start_date must be <= end_date.' },
      end_date: { parameter: 'end_date', expected: 'a date no earlier than the start (2024-06-01)', value: '2024-01-01', message: 'Invalid end_date: 2024-01-01 is before start_date 2024-06-01; end_date must be >= start_date.' },
    });
  });

  it('names list items by position in a batch, and the empty list by its name', () => {
    const report = queryProblems({ kind: 'batch', source: 'WB', indicators: [], countries: ['VN', 'xyz'] });
    expect(Object.keys(report)).toEqual(['indicators', 'countries[1]']);
    expect(report['indicators']?.expected).toBe('at least one indicator code such as "NY.GDP.MKTP.CD"');
  });
});
