/**
 * GET /indicators and POST /indicators/batch.
 */
import type { FastifyInstance } from 'fastify';
import { checkEntitlement } from '../http/auth.ts';
import { ApiError, badRequest, invalidParameter } from '../http/errors.ts';
import { codeValue, countryCode, oneOf, shown, yearRange, type Params } from '../http/params.ts';
import { planOf } from '../http/pipeline.ts';
import { envelope, errorResponses, yearParams } from '../http/schemas.ts';
import { FREQUENCIES, type Dataset } from '../data/model.ts';
import { findSource, GSO_COUNTRY, indicatorRecords, readIndicatorQuery, type IndicatorRecord } from '../query/indicators.ts';

/** The most indicator x country combinations one batch may ask for. */
const BATCH_LIMIT = 100;

export const indicatorParams = {
  type: 'object',
  required: ['source', 'indicator'],
  properties: {
    source: { type: 'string', description: 'Data source code: WB, IMF or GSO (GET /sources lists them).', example: 'WB' },
    indicator: { type: 'string', description: 'Indicator code (GET /sources/{source_code}/indicators lists them), e.g. NY.GDP.MKTP.CD, NGDPD, CPI.TOTAL.YOY.', example: 'NY.GDP.MKTP.CD' },
    country: { type: 'string', description: 'ISO 2-letter country code. Required for WB and IMF; optional for GSO (VN, the only country GSO covers).', example: 'VN' },
    ...yearParams,
    frequency: { type: 'string', enum: FREQUENCIES, description: 'monthly, quarterly or annual. Default: the series\' finest frequency. A frequency the series does not have is a 404 that lists those it has.' },
  },
} as const;

export function indicatorRoutes(app: FastifyInstance, dataset: Dataset): void {
  app.get('/indicators', {
    schema: {
      tags: ['Indicators'],
      summary: 'Indicator time series',
      description: 'Records of one indicator for one country, sorted by period. Free: WB and IMF; Basic and up: GSO too.',
      querystring: indicatorParams,
      response: {
        200: envelope('IndicatorRecord', 'The records of the series in the year range.'),
        ...errorResponses({
          description: 'Data not found: unknown source, indicator or country, a frequency the series does not have, or no data in the range.',
          example: 'Data not found: GSO CPI.TOTAL.YOY for VN has no annual data; its frequencies: monthly',
        }),
      },
    },
  }, async (request) => {
    const q = readIndicatorQuery(request.query as Params);
    const src = findSource(dataset, q.source);
    checkEntitlement(planOf(request), src.code);
    const data = indicatorRecords(dataset, src, {
      indicator: q.indicator, country: q.country ?? GSO_COUNTRY, ...q.range, ...(q.frequency ? { frequency: q.frequency } : {}),
    });
    return { success: true, data, metadata: { source: src.name, last_updated: src.last_updated, total_records: data.length } };
  });

  app.post('/indicators/batch', {
    schema: {
      tags: ['Indicators'],
      summary: 'Many indicator series in one request',
      description: `Every combination of indicators x countries (at most ${BATCH_LIMIT}). A combination without data does not fail the batch: \`items\` gives each combination's status. The whole batch counts as one request for the rate limit.`,
      body: {
        type: 'object',
        required: ['source', 'indicators'],
        properties: {
          source: { type: 'string', example: 'WB' },
          indicators: { type: 'array', minItems: 1, items: { type: 'string' }, example: ['NY.GDP.MKTP.CD', 'SP.POP.TOTL'] },
          countries: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'ISO 2-letter codes; required except for GSO.', example: ['VN', 'TH'] },
          start_year: yearParams.start_year,
          end_year: yearParams.end_year,
          frequency: { type: 'string', enum: FREQUENCIES },
        },
      },
      response: {
        200: envelope('IndicatorRecord', 'All records of every combination, and one item per combination.', {
          items: { type: 'array', items: { $ref: 'BatchItem#' } },
        }),
        ...errorResponses({ description: 'Data not found: unknown source.', example: 'Data not found: unknown source "OECD"; sources: WB, IMF, GSO' }),
      },
    },
  }, async (request) => {
    const body = request.body;
    // Fastify reads text/plain bodies as strings: the client did not send JSON.
    if (typeof body === 'string') throw badRequest('send the body as application/json');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('the body must be a JSON object { source, indicators, countries, start_year?, end_year?, frequency? }');
    }
    const b = body as Params;
    if (typeof b['source'] !== 'string' || b['source'].trim() === '') throw invalidParameter('source', 'is required (one of WB, IMF, GSO)');
    const isGso = b['source'].trim().toUpperCase() === 'GSO';
    const indicators = codeList(b, 'indicators', 'indicator codes such as ["NY.GDP.MKTP.CD"]').map((v, i) => codeValue(v, `indicators[${i}]`, 'NY.GDP.MKTP.CD'));
    const countries = b['countries'] === undefined && isGso
      ? [GSO_COUNTRY]
      : codeList(b, 'countries', 'ISO 2-letter country codes such as ["VN"]').map((v, i) => countryCode(v, `countries[${i}]`));
    const range = yearRange(b);
    if (b['frequency'] !== undefined && typeof b['frequency'] !== 'string') throw invalidParameter('frequency', `must be one of ${FREQUENCIES.join(', ')}, got ${shown(b['frequency'])}`);
    const frequency = oneOf(b, 'frequency', FREQUENCIES);
    const combinations = indicators.length * countries.length;
    if (combinations > BATCH_LIMIT) {
      throw invalidParameter('indicators', `x countries is ${indicators.length} x ${countries.length} = ${combinations} combinations; the batch limit is ${BATCH_LIMIT}`);
    }

    const src = findSource(dataset, b['source']);
    checkEntitlement(planOf(request), src.code);
    const data: IndicatorRecord[] = [];
    const items = [];
    for (const indicator of indicators) {
      for (const country of countries) {
        try {
          const records = indicatorRecords(dataset, src, { indicator, country, ...range, ...(frequency ? { frequency } : {}) });
          data.push(...records);
          items.push({ indicator, country, status: 200, total_records: records.length });
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 404) throw e;
          items.push({ indicator, country, status: 404, total_records: 0, message: e.message, ...(e.extra.parameter ? { parameter: e.extra.parameter } : {}) });
        }
      }
    }
    return { success: true, data, metadata: { source: src.name, last_updated: src.last_updated, total_records: data.length }, items };
  });
}

/** A non-empty JSON array (of anything: each element is checked by the caller). */
function codeList(body: Params, name: string, hint: string): unknown[] {
  const value = body[name];
  if (value === undefined) throw invalidParameter(name, `is required (a non-empty array of ${hint})`);
  if (!Array.isArray(value) || value.length === 0) throw invalidParameter(name, `must be a non-empty array of ${hint}, got ${shown(value)}`);
  return value;
}
