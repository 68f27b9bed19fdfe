/**
 * The provenance block's vocabulary: row labels, dimension labels, and the query as a line a
 * person can read and a reader can parse back ('/indicators?source=WB&indicator=...&start_year=2000').
 * The Query line is the request sent to the service (core's `sentQuery`); months core trims on the
 * client (a trade range, which the service cannot take) are a Months line of their own.
 */
import { keptMonths, sentQuery, type Provenance, type SeriesKind, type SeriesQuery } from '@econdata/core';

/** Labels of the spec's dimension fields; any other dimension is shown by its own key. */
const DIMENSION_LABELS: Record<string, string> = {
  source: 'Source code',
  indicator: 'Indicator code',
  indicator_name: 'Indicator name',
  country: 'Country code',
  country_name: 'Country',
  flow: 'Flow',
  partner: 'Partner code',
  partner_name: 'Partner',
  hs_code: 'HS code',
  hs_description: 'HS description',
  symbol: 'Symbol',
  index: 'Index',
};
const DIMENSION_KEYS = new Map(Object.entries(DIMENSION_LABELS).map(([k, l]) => [l, k]));

/** The label a person reads for a dimension key. */
export function dimensionLabel(key: string): string {
  return DIMENSION_LABELS[key] ?? key;
}

/** The dimension key behind a label written by dimensionLabel. */
export function dimensionKey(label: string): string {
  return DIMENSION_KEYS.get(label) ?? label;
}

/** Row labels of the provenance block, shared by the layout and the readers. */
export const LABEL = {
  series: 'Series',
  title: 'Title',
  kind: 'Kind',
  frequency: 'Frequency',
  source: 'Source',
  lastUpdated: 'Last updated',
  retrievedAt: 'Retrieved at',
  query: 'Query',
  months: 'Months',
  transform: 'Transform',
  formula: 'Formula',
  warnings: 'Warnings',
  stale: 'Stale',
  forecasts: 'Forecasts',
  unit: 'Unit',
  field: 'Field',
  period: 'Period',
  column: 'Column',
  value: 'Value',
} as const;

/** A Series' provenance warnings as one cell (one per line); null when it has none. */
export function warningsText(warnings: readonly string[] | undefined): string | null {
  return warnings && warnings.length > 0 ? warnings.join('\n') : null;
}

/**
 * The legend of a series' projection periods (the service's `flags.is_projection`, IMF WEO): which
 * periods are projections and how sinks mark them; null when none is.
 * @example forecastText(imf) // '2025 to 2030 are projections (shaded)'
 */
export function forecastText(periods: readonly string[], projected: readonly boolean[] | undefined): string | null {
  if (!projected) return null;
  const at = periods.filter((_, i) => projected[i] === true);
  const first = at[0];
  const last = at[at.length - 1];
  if (first === undefined || last === undefined) return null;
  if (at.length === 1) return `${first} is a projection (shaded)`;
  return `${first} to ${last} are projections (shaded)`;
}

/** The endpoint an operand's query goes to, by its kind (the inverse of ENDPOINT_KIND's first entries). */
const KIND_ENDPOINT: Record<SeriesKind, string> = { indicator: '/indicators', trade: '/trade/vietnam', stock: '/stocks/vietnam' };

/**
 * A derived series' recipe as one cell: the expression, then one line per operand with its query
 * (and its own transform), so a reader of the file can fetch every ingredient again; null for a
 * series that was not derived. The saved-exports manifest keeps the same recipe as data.
 * @example 'a/b\na = /indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN\nb = /indicators?source=WB&indicator=SP.POP.TOTL&country=VN'
 */
export function derivationText(derivation: Provenance['derivation']): string | null {
  if (!derivation) return null;
  const operand = (o: (typeof derivation.operands)[number]): string => {
    const months = monthsRange(o.query);
    return `${o.name} = ${queryText(KIND_ENDPOINT[o.query.kind], o.query)}${months ? ` (${LABEL.months}: ${months})` : ''}${o.transform ? ` (${LABEL.transform}: ${o.transform})` : ''}`;
  };
  return [derivation.expression, ...derivation.operands.map(operand)].join('\n');
}

/** Text of the Stale cell: what it means for the person reading. */
export const STALE_TEXT = 'yes: served from an expired cache while the service was unreachable';

const NUMERIC_KEYS = new Set(['start_year', 'end_year']);
const ENDPOINT_KIND: Record<string, SeriesKind> = {
  '/indicators': 'indicator',
  '/indicators/batch': 'indicator',
  '/trade/vietnam': 'trade',
  '/stocks/vietnam': 'stock',
};

function escapePart(value: string): string {
  return value.replace(/%/g, '%25').replace(/&/g, '%26').replace(/=/g, '%3D');
}

/**
 * The months kept of a trade range, either end open ('2024-01 to 2024-06', 'from 2024-01', 'up to
 * 2024-06'); null without a range. The one wording of a range: exports' Months line and ui's
 * queryWords (a failed query named) both use it.
 */
export function monthsRange(query: SeriesQuery): string | null {
  const m = keptMonths(query);
  if (!m) return null;
  if (m.start_period !== undefined && m.end_period !== undefined) return `${m.start_period} to ${m.end_period}`;
  return m.start_period !== undefined ? `from ${m.start_period}` : `up to ${m.end_period}`;
}

const TRIMMED = ' (trimmed on the client from the service\'s answer)';

/**
 * The Months line of a series whose months core kept on the client (a trade range); null otherwise.
 * @example monthsText({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }) // "2024-01 to 2024-06 (trimmed on the client from the service's answer)"
 */
export function monthsText(query: SeriesQuery): string | null {
  const range = monthsRange(query);
  return range === null ? null : `${range}${TRIMMED}`;
}

/** The range a monthsText line stands for ({} for an empty or unreadable line). */
export function parseMonthsText(text: string | null | undefined): { start_period?: string; end_period?: string } {
  const m = /^(?:(\d{4}-\d{2}) to (\d{4}-\d{2})|from (\d{4}-\d{2})|up to (\d{4}-\d{2}))/.exec(text?.trim() ?? '');
  if (!m) return {};
  const start = m[1] ?? m[3];
  const end = m[2] ?? m[4];
  return { ...(start ? { start_period: start } : {}), ...(end ? { end_period: end } : {}) };
}

/**
 * The request a query was sent as, as one readable line: endpoint, then its parameters in order.
 * A trade range is not among them (it is no request parameter): see monthsText.
 */
export function queryText(endpoint: string, query: SeriesQuery): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(sentQuery(query))) {
    if (key === 'kind' || value === undefined) continue;
    parts.push(`${escapePart(key)}=${escapePart(String(value))}`);
  }
  return parts.length === 0 ? endpoint : `${endpoint}?${parts.join('&')}`;
}

/** Parses a queryText line back into the endpoint and the query (numbers where the spec has numbers). */
export function parseQueryText(text: string, kind: SeriesKind): { endpoint: string; query: SeriesQuery } {
  const q = text.indexOf('?');
  const endpoint = q < 0 ? text : text.slice(0, q);
  const query: Record<string, string | number> = { kind: ENDPOINT_KIND[endpoint] ?? kind };
  if (q >= 0) {
    for (const part of text.slice(q + 1).split('&')) {
      const eq = part.indexOf('=');
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      const raw = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
      query[key] = NUMERIC_KEYS.has(key) && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    }
  }
  return { endpoint, query: query as unknown as SeriesQuery };
}
