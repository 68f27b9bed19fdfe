/**
 * =ECON.VALUE(source, indicator, country, [period], [options]): one number in one cell, for the
 * filled-down columns analysts build (a country code in A2, `=ECON.VALUE("WB", "NY.GDP.MKTP.CD", A2, 2023)`
 * in B2, filled to B40).
 *
 * Every call asks for the series' whole history (no years), whatever its period: the calls of a
 * filled-down column then differ only by indicator x country, which the shared collector and
 * core's planner pack into the fewest batch requests (500 cells of one recalculation cost
 * ceil(pairs / 100) requests, and cells of one series but different periods cost one query), and
 * "latest" needs the whole history anyway. The period is picked here, after any transform, from
 * the Series the collector returns (last good values offline included, like every formula).
 */
import { dateToPeriod } from '@econdata/sheets';
import { NotFoundError, refusalSentence, type Frequency, type Series, type SeriesQuery } from '@econdata/core';
import type { AddinRuntime } from '../runtime/types.ts';
import { ArgumentError, cellTexts, indicatorQueries, optionsArg, placeOptions, serialToIsoDate, type CellRange, type CellValue } from './args.ts';
import { FormulaError, loadAll, type CallContext } from './compute.ts';

/** What the `period` argument asks for. */
type AskedPeriod =
  | { kind: 'latest' }
  /** A period in its canonical text, of the frequency its form says. */
  | { kind: 'period'; period: string; frequency: Frequency }
  /** A day (a date cell): the period of the series' own frequency that holds it. */
  | { kind: 'date'; date: string };

const FORMS: Array<{ re: RegExp; frequency: Frequency }> = [
  { re: /^\d{4}$/, frequency: 'annual' },
  { re: /^\d{4}-Q[1-4]$/, frequency: 'quarterly' },
  { re: /^\d{4}-(0[1-9]|1[0-2])$/, frequency: 'monthly' },
];

/** Excel serial days of 1000..9999 would be dates in 1902..1927: a number in that range is a year. */
const isYearNumber = (n: number): boolean => Number.isInteger(n) && n >= 1000 && n <= 9999;

const PERIOD_FORM = 'a year such as 2023, a quarter such as 2024-Q1, a month such as 2024-03, a date, or "latest"';

/**
 * The `period` argument: a year (2023 or "2023"), a quarter ("2024-Q1"), a month ("2024-03"), a
 * day ("2024-03-15", or a date cell: Excel passes its serial number), or empty / "latest".
 */
function valuePeriod(value: CellValue): AskedPeriod {
  if (value === null || value === undefined || value === '') return { kind: 'latest' };
  if (typeof value === 'number') {
    if (isYearNumber(value)) return { kind: 'period', period: String(value), frequency: 'annual' };
    if (!(value > 0 && value < 2_958_466)) throw new ArgumentError('period', refusalSentence('period', PERIOD_FORM, value));
    return { kind: 'date', date: serialToIsoDate(value) };
  }
  const text = String(value).trim().toUpperCase();
  if (text === '' || text === 'LATEST') return { kind: 'latest' };
  const form = FORMS.find((f) => f.re.test(text));
  if (form) return { kind: 'period', period: text, frequency: form.frequency };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return { kind: 'date', date: text };
  throw new ArgumentError('period', refusalSentence('period', PERIOD_FORM, value));
}

/** One code from a cell (or a one-cell range): VALUE is one series. */
function oneCode(name: string, range: CellRange): CellRange {
  const codes = cellTexts(range);
  if (codes.length > 1) throw new ArgumentError(name, `${name} must be one code: ECON.VALUE returns one value (got ${codes.length}: ${codes.slice(0, 3).join(', ')}${codes.length > 3 ? ' ...' : ''}). For several, fill the formula down or across.`);
  return range;
}

/** The query of one VALUE cell: the whole history; a GSO quarter or month asks for that frequency. */
function valueQuery(source: CellValue, indicator: CellRange, country: CellRange, asked: AskedPeriod): SeriesQuery {
  const gso = String(source ?? '').trim().toUpperCase() === 'GSO';
  const frequency = gso && asked.kind === 'period' ? asked.frequency : undefined;
  const [query] = indicatorQueries(source, oneCode('indicator', indicator), oneCode('country', country), undefined, undefined, frequency);
  if (!query) throw new ArgumentError('indicator', 'indicator is required: an indicator code such as NY.GDP.MKTP.CD.');
  return query;
}

const FORM_EXAMPLE: Record<Frequency, string> = { annual: '2023', quarterly: '2024-Q1', monthly: '2024-03', daily: '2024-03-15' };

/** Who the value belongs to, for messages ("NY.GDP.MKTP.CD: VN"). */
function whose(query: SeriesQuery): string {
  return query.kind === 'indicator' ? `${query.indicator}${query.country ? `: ${query.country}` : ''}` : query.kind;
}

/** The value of `series` at the asked period: a number, or a refusal saying what is there instead. */
function pickValue(series: Series, asked: AskedPeriod, query: SeriesQuery): number {
  const values = series.values[0] ?? [];
  let at = -1;
  if (asked.kind === 'latest') {
    for (let i = series.periods.length - 1; i >= 0 && at < 0; i -= 1) if (typeof values[i] === 'number') at = i;
    if (at < 0) throw new NotFoundError(`${whose(query)} has no value in any period.`);
    return values[at] as number;
  }
  let period: string;
  if (asked.kind === 'date') period = dateToPeriod(new Date(`${asked.date}T00:00:00Z`), series.frequency);
  else {
    if (asked.frequency !== series.frequency) {
      throw new ArgumentError('period', `period ${asked.period} is ${asked.frequency === 'annual' ? 'a year' : `${asked.frequency}`}, but ${whose(query)} is ${series.frequency}: write a period such as ${FORM_EXAMPLE[series.frequency]}, or convert with the option Per=${asked.frequency[0]!.toUpperCase()}.`);
    }
    period = asked.period;
  }
  at = series.periods.indexOf(period);
  const v = at < 0 ? null : values[at];
  if (typeof v === 'number') return v;
  const last = lastPeriod(series);
  throw new NotFoundError(`${whose(query)} has no value for ${period}${last ? ` (its latest is ${last}; leave period empty for the latest)` : ''}.`);
}

function lastPeriod(series: Series): string | undefined {
  const values = series.values[0] ?? [];
  for (let i = series.periods.length - 1; i >= 0; i -= 1) if (typeof values[i] === 'number') return series.periods[i];
  return undefined;
}

/** =ECON.VALUE(source, indicator, country, [period], [options]) */
export async function valueFormula(rt: AddinRuntime, args: [CellValue, CellRange, CellRange, CellValue?, CellValue?], ctx: CallContext = {}): Promise<number> {
  const [source, indicator, country, period, options] = placeOptions(args, 3, 4);
  let query: SeriesQuery;
  let asked: AskedPeriod;
  let parsed: ReturnType<typeof optionsArg>;
  try {
    asked = valuePeriod(period);
    query = valueQuery(source, indicator, country, asked);
    parsed = optionsArg(options);
    if (parsed.layout !== '') throw new ArgumentError('options', `${parsed.layout} arranges a spill; ECON.VALUE returns one cell. Keep only transform options such as Units=pc1.`);
  } catch (error) {
    throw new FormulaError(error, undefined);
  }
  const [loaded] = await loadAll(rt, [query], parsed.transform, ctx, false);
  if (!loaded || 'error' in loaded) throw new FormulaError(loaded?.error, query);
  try {
    return pickValue(loaded.series, asked, query);
  } catch (error) {
    throw new FormulaError(error, query);
  }
}
