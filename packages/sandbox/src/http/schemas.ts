/**
 * JSON schemas of every record, list item and envelope. They serialize the answers (fast) and
 * generate the OpenAPI document (components.schemas, by $id).
 */
import { errorBodySchema } from './errors.ts';
import { statsSchema } from './stats.ts';

const str = (description: string, example?: string | number) => ({ type: 'string', description, ...(example !== undefined ? { example } : {}) });
const num = (description: string) => ({ type: ['number', 'null'], description });

export const sharedSchemas = [
  errorBodySchema,
  statsSchema,
  {
    $id: 'Metadata',
    type: 'object',
    required: ['source', 'last_updated', 'total_records'],
    properties: {
      source: str('Human-readable name of the data source (starts with "DEMO DATA" when the sandbox serves its generated demo pack).', 'World Bank, World Development Indicators'),
      last_updated: str('Date the data was last updated, YYYY-MM-DD.', '2026-07-01'),
      total_records: { type: 'integer', description: 'Number of records in data.' },
    },
  },
  {
    $id: 'IndicatorRecord',
    type: 'object',
    description: 'One observation of an indicator (spec 2.3), plus period for monthly/quarterly data and is_projection for IMF.',
    required: ['indicator_code', 'indicator_name', 'country_code', 'country_name', 'year', 'value', 'unit'],
    properties: {
      indicator_code: str('Indicator code, as given in the indicator parameter.', 'NY.GDP.MKTP.CD'),
      indicator_name: str('Descriptive name.', 'GDP (current US$)'),
      country_code: str('ISO 2-letter country code.', 'VN'),
      country_name: str('Country name.', 'Vietnam'),
      year: { type: 'integer', description: 'Calendar year of the observation.', example: 2020 },
      period: str('Monthly (YYYY-MM) or quarterly (YYYY-Qn) period; absent for annual data.', '2024-03'),
      value: num('Observed value, in unit (null when the source has none).'),
      unit: str('Unit of the value.', 'current US$'),
      is_projection: { type: ['boolean', 'null'], description: 'IMF only: true for IMF projections (after the last actual year), false for actual data, null when the IMF gives no calendar last-actual year.' },
    },
  },
  {
    $id: 'TradeRecord',
    type: 'object',
    description: 'Vietnam customs merchandise trade for one month and flow.',
    required: ['period', 'flow', 'partner', 'partner_name', 'hs_code', 'hs_description', 'value', 'ytd_value', 'unit'],
    properties: {
      period: str('Month, YYYY-MM.', '2024-12'),
      flow: { type: 'string', enum: ['exports', 'imports', 'balance'], description: 'Trade flow; balance = exports - imports.' },
      partner: str('Partner: ISO 2-letter code, or WLD for all partners.', 'WLD'),
      partner_name: str('Partner name (World for WLD).', 'World'),
      hs_code: str('HS commodity code, or TOTAL for all goods.', 'TOTAL'),
      hs_description: str('Description of the HS code.', 'All goods'),
      value: num('Value for the month.'),
      ytd_value: num('Value for the year to date, as published with the month (includes revisions of earlier months).'),
      unit: str('Unit of value and ytd_value.', 'USD billion'),
    },
  },
  {
    $id: 'StockRecord',
    type: 'object',
    description: 'Daily prices of one stock (symbol) or index (index).',
    required: ['date', 'open', 'high', 'low', 'close', 'volume', 'unit'],
    properties: {
      symbol: str('Stock symbol (stock records).', 'VNM'),
      index: str('Index code as requested (index records).', 'VNINDEX'),
      date: str('Trading day, YYYY-MM-DD.', '2024-12-31'),
      open: num('Opening price.'),
      high: num('Highest price.'),
      low: num('Lowest price.'),
      close: num('Closing price.'),
      volume: num('Matched volume, shares.'),
      unit: str('Unit of the prices: "thousand VND" for stocks (adjusted for corporate actions), "points" for indices.', 'thousand VND'),
    },
  },
  {
    $id: 'Source',
    type: 'object',
    required: ['code', 'name', 'description', 'frequencies', 'last_updated', 'indicator_count'],
    properties: {
      code: str('Source code, as used in the source parameter.', 'WB'),
      name: str('Name of the source.'),
      description: str('What the source holds.'),
      frequencies: { type: 'array', items: { type: 'string', enum: ['monthly', 'quarterly', 'annual'] } },
      last_updated: str('YYYY-MM-DD.'),
      indicator_count: { type: 'integer' },
    },
  },
  {
    $id: 'Indicator',
    type: 'object',
    required: ['code', 'name', 'unit', 'frequencies', 'first_period', 'last_period', 'description'],
    properties: {
      code: str('Indicator code, as used in the indicator parameter.', 'CPI.TOTAL.YOY'),
      name: str('Descriptive name.'),
      name_vi: str('GSO only: the name in Vietnamese, composed like name: the table, GSO\'s own Vietnamese label of the item, the measure.'),
      unit: str('Unit (of the first frequency).'),
      frequencies: { type: 'array', items: { type: 'string', enum: ['monthly', 'quarterly', 'annual'] } },
      first_period: { type: ['string', 'null'], description: 'First period with data (of the first frequency): YYYY, YYYY-Qn or YYYY-MM.' },
      last_period: { type: ['string', 'null'], description: 'Last period with data (of the first frequency).' },
      description: str('Longer description.'),
    },
  },
  {
    $id: 'Country',
    type: 'object',
    required: ['code', 'iso3', 'name', 'region', 'income_group', 'is_aggregate'],
    properties: {
      code: str('ISO 2-letter code (World Bank aggregates have their WB 2-character code, e.g. 1W for World).', 'VN'),
      iso3: str('ISO 3-letter code (or World Bank aggregate code).', 'VNM'),
      name: str('Name.', 'Vietnam'),
      region: { type: ['string', 'null'], description: 'World Bank region.' },
      income_group: { type: ['string', 'null'], description: 'World Bank income group.' },
      is_aggregate: { type: 'boolean', description: 'True for World Bank aggregates (regions, income groups, World).' },
    },
  },
  {
    $id: 'BatchItem',
    type: 'object',
    required: ['indicator', 'country', 'status', 'total_records'],
    properties: {
      indicator: str('Indicator code of the combination.'),
      country: str('Country code of the combination.'),
      status: { type: 'integer', enum: [200, 404], description: '200: records found; 404: no data (message says why).' },
      total_records: { type: 'integer' },
      message: str('Why there is no data (status 404).'),
      parameter: str('The parameter whose value matched nothing (status 404: an unknown indicator or country); absent when the data is merely missing.'),
    },
  },
] as const;

/** The success envelope around an array of records of a shared schema. */
export function envelope(itemRef: string, description: string, extra: Record<string, unknown> = {}) {
  return {
    description,
    type: 'object',
    required: ['success', 'data', 'metadata'],
    properties: {
      success: { type: 'boolean', enum: [true] },
      data: { type: 'array', items: { $ref: `${itemRef}#` } },
      metadata: { $ref: 'Metadata#' },
      ...extra,
    },
    headers: rateLimitHeaders,
  };
}

/** Sent on every authenticated answer (absent for Enterprise keys). */
const rateLimitHeaders = {
  'X-RateLimit-Limit-Minute': { type: 'integer', description: 'Requests per minute of the key\'s plan.' },
  'X-RateLimit-Remaining-Minute': { type: 'integer', description: 'Requests left in the rolling minute.' },
  'X-RateLimit-Limit-Day': { type: 'integer', description: 'Requests per day of the key\'s plan.' },
  'X-RateLimit-Remaining-Day': { type: 'integer', description: 'Requests left in the rolling day.' },
};

/** An error answer: the one error body, with an example of this status (in the media object, where OpenAPI shows it). */
const error = (description: string, status: number, code: string, message: string, extra: Record<string, string> = {}) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: 'ErrorResponse#' },
      example: { success: false, error: { status, code, message, ...extra } },
    },
  },
});

/** The error answers of an authenticated /api/v1 route; `notFound` describes its 404 with an example message. */
export function errorResponses(notFound?: { description: string; example: string }) {
  const responses: Record<number, unknown> = {
    400: error('Invalid parameters: the message and `parameter` name the bad parameter.', 400, 'invalid_parameters',
      'Invalid parameters: start_year must be a whole year such as 2015, got "20x5"', { parameter: 'start_year' }),
    401: error('Authentication required (no key) or Invalid API key.', 401, 'authentication_required',
      'Authentication required: send "Authorization: Bearer <key>" or ?api_key=<key>'),
    403: error('Insufficient permissions (the plan does not include the data), or Rate limit exceeded when the sandbox runs with --rate-limit-status 403.',
      403, 'insufficient_permissions', 'Insufficient permissions: the Free plan includes WB and IMF indicator data and the metadata lists; GSO data needs the Basic plan or higher'),
    429: {
      ...error('Rate limit exceeded (scope says which window); Retry-After says when to try again.', 429, 'rate_limit_exceeded',
        'Rate limit exceeded: 10 requests per minute for this key\'s plan; try again in 42 s', { scope: 'minute' }),
      headers: {
        'Retry-After': { type: 'integer', description: 'Seconds to wait (rounded up; absent with --retry-after off).' },
        'Retry-After-Ms': { type: 'integer', description: 'Milliseconds to wait.' },
      },
    },
    500: error('Server error (only ever an injected fault in the sandbox).', 500, 'server_error', 'Server error: injected fault (--faults), status 500'),
  };
  if (notFound) responses[404] = error(notFound.description, 404, 'data_not_found', notFound.example);
  return responses;
}

export const yearParams = {
  start_year: { type: 'integer', minimum: 1900, maximum: 2100, description: 'First year of the range (inclusive).', example: 2015 },
  end_year: { type: 'integer', minimum: 1900, maximum: 2100, description: 'Last year of the range (inclusive); not before start_year.', example: 2020 },
};
