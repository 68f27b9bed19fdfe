/**
 * applyTransform: one Series in, a new Series out, in the fixed order Level, Per/Agg, SA, Units, MA,
 * Rebase, then the asked range, then Type (actuals / projections), then Points. The input is never
 * changed. With SA, the data is first cut to the stretch of consecutive observations around the asked range.
 */
import { InvalidParameterError, PERIOD_PATTERNS, seriesId, type Frequency, type Provenance, type Series, type SeriesColumn, type SeriesQuery } from '@econdata/core';
import { coarsenPeriod, dayNumber, periodPosition } from '../calendar/calendar.ts';
import { fromColumn, rowsWithin, selectRows, toFrame, type Frame } from '../frame/frame.ts';
import { axisCopy, releaseAxes } from '../frame/axis-memo.ts';
import { releaseScratch } from '../frame/scratch.ts';
import { recordStarts } from '../calendar/starts.ts';
import { aggregateFrame, aggregateSeries, defaultAggregation, type Aggregation } from '../frequency/aggregate.ts';
import { unitsFrame } from '../units/units.ts';
import { adjustFrame, seasonalSpan } from '../seasonal/adjust.ts';
import { levelFrame } from '../window/level.ts';
import { lastPointsRows, movingAverageFrame, rebaseFrame } from '../window/window.ts';
import { transformedColumn, transformWarnings, transformWords } from './describe.ts';
import { checkTransform, formatTransform, isIdentity, parseTransform, type Per, type Transform } from './spec.ts';

/** The frequency a `Per` value names. */
export const PER_FREQUENCY: Readonly<Record<Per, Frequency>> = { A: 'annual', Q: 'quarterly', M: 'monthly' };

/** A transform given as text or as an object, checked either way. */
export const readTransform = (t: Transform | string): Transform => (typeof t === 'string' ? parseTransform(t) : checkTransform(t));

/** A checked transform with what every result of it shares: its canonical text and its words. */
interface Prepared {
  t: Readonly<Transform>;
  text: string;
  identity: boolean;
  /** What a result's id gets after its query's ('~' and the text; '' for no transform). */
  idSuffix: string;
  /** What titles get after their name (wordsOf), by the aggregation they name ('' for none). */
  words: Map<string, string>;
}

// The same text arrives once per series (a formula filled down, a chart of 400 stocks): read it
// once. Bounded, since formulas can carry any text.
const preparedByText = new Map<string, Prepared>();

function prepare(transform: Transform | string): Prepared {
  if (typeof transform === 'string') {
    const seen = preparedByText.get(transform);
    if (seen) return seen;
    if (preparedByText.size >= 256) preparedByText.clear();
    const made = prepared(parseTransform(transform));
    preparedByText.set(transform, made);
    return made;
  }
  return prepared(checkTransform(transform));
}

function prepared(given: Transform): Prepared {
  // Every field present (undefined where unset), in one literal: one shape for every transform,
  // which lives as long as the code. A shape made for one transform would die with it, and the
  // optimized code reading it would be thrown away at the next full collection.
  const t = {
    level: given.level, per: given.per, agg: given.agg, sa: given.sa, seasonal: given.seasonal, robust: given.robust,
    tet: given.tet, units: given.units, ma: given.ma, rebase: given.rebase, type: given.type, points: given.points,
  } as unknown as Readonly<Transform>;
  const text = formatTransform(t);
  const identity = isIdentity(t);
  return { t, text, identity, idSuffix: identity ? '' : `~${text}`, words: new Map() };
}

/**
 * What a title or label gets after its name: ', ' and the transform in words, naming `aggregation`
 * after the frequency when given ('' when the transform has no words). Made once per aggregation
 * and shared, so each result's title is one join.
 */
function wordsOf(p: Prepared, aggregation: Aggregation | undefined): string {
  const key = aggregation ?? '';
  let w = p.words.get(key);
  if (w === undefined) {
    const words = transformWords(p.t, aggregation);
    p.words.set(key, (w = words ? `, ${words}` : ''));
  }
  return w;
}

const NO_END = 2 ** 31 - 1;


function checkedDate(value: string, parameter: string): string {
  if (!PERIOD_PATTERNS.daily.test(value)) throw new InvalidParameterError(parameter, `Invalid ${parameter} "${value}": expected YYYY-MM-DD.`);
  return value;
}

/** The position of a year's first period on `frequency`'s axis. */
function yearStart(y: number, frequency: Frequency): number {
  return frequency === 'daily' ? dayNumber(y, 1, 1) : periodPosition(String(y), 'annual') * (frequency === 'quarterly' ? 4 : frequency === 'monthly' ? 12 : 1);
}

/** The position of a year's last period on `frequency`'s axis. */
function yearEnd(y: number, frequency: Frequency): number {
  return frequency === 'daily' ? dayNumber(y, 12, 31) : yearStart(y + 1, frequency) - 1;
}

/** Whether the asked query sets a range at all (most shown queries of a batch do not: nothing to trim). */
function hasBounds(asked: SeriesQuery): boolean {
  if (asked.kind === 'indicator') return asked.start_year !== undefined || asked.end_year !== undefined;
  if (asked.kind === 'trade') return asked.period !== undefined || asked.start_period !== undefined || asked.end_period !== undefined;
  return asked.start_date !== undefined || asked.end_date !== undefined;
}

/** The asked query's range as positions on `frequency`'s axis ([-inf, +inf] where it sets no bound). */
function askedBounds(asked: SeriesQuery, frequency: Frequency): [number, number] {
  if (asked.kind === 'indicator') {
    return [asked.start_year !== undefined ? yearStart(asked.start_year, frequency) : -NO_END, asked.end_year !== undefined ? yearEnd(asked.end_year, frequency) : NO_END];
  }
  if (asked.kind === 'trade') {
    const from = asked.period ?? asked.start_period;
    const to = asked.period ?? asked.end_period;
    return [from !== undefined ? coarsenPeriod(from, 'monthly', frequency) : -NO_END, to !== undefined ? coarsenPeriod(to, 'monthly', frequency) : NO_END];
  }
  const lo = asked.start_date !== undefined ? coarsenPeriod(checkedDate(asked.start_date, 'start_date'), 'daily', frequency) : -NO_END;
  const hi = asked.end_date !== undefined ? coarsenPeriod(checkedDate(asked.end_date, 'end_date'), 'daily', frequency) : NO_END;
  return [lo, hi];
}

// Shared empty lists (never written): most series have no SA notes, no Level bases, no warnings.
const NO_BASES: Array<string | null> = [];
const NO_NOTES: string[] = [];

/**
 * The frame through Level, Per/Agg, SA, Units, MA and Rebase; `aggs` is each column's aggregation
 * (when Per converted), `notes` what SA reports (method, span, Tết effects).
 */
function compute(series: Series, t: Transform, asked: SeriesQuery | undefined): Computed {
  let aggs: Aggregation[] | null = null;
  const to = t.per ? PER_FREQUENCY[t.per] : series.frequency;
  // A conversion first (no SA, no Level before it: most) reads the Series' values where they are.
  const convertFirst = to !== series.frequency && !t.sa && !t.level;
  if (convertFirst) aggs = aggregationsOf(series, t.agg);
  let frame = convertFirst ? aggregateSeries(series, to, aggs!) : toFrame(series);
  let notes: string[] = NO_NOTES;
  let levelBase: Array<string | null> = NO_BASES;
  // No closure here: one capturing this call's variables would cost an allocation on every call.
  const labels = t.sa ? columnField(series.columns, 'label') : NO_NOTES;
  if (t.sa) {
    const [lo, hi] = asked ? askedBounds(asked, frame.frequency) : [-NO_END, NO_END];
    frame = seasonalSpan(frame, lo, hi, asked !== undefined, labels);
  }
  if (t.level) {
    levelBase = firstObservedOf(frame);
    frame = levelFrame(frame);
  }
  if (t.per && !convertFirst) {
    aggs = aggregationsOf(series, t.agg);
    if (to !== series.frequency) frame = aggregateFrame(frame, to, aggs);
    else aggs = null;
  }
  if (t.sa) ({ frame, notes } = adjustFrame(frame, t, labels, columnField(series.columns, 'unit')));
  if (t.units && t.units !== 'lin') frame = unitsFrame(frame, t.units);
  if (t.ma !== undefined) frame = movingAverageFrame(frame, t.ma);
  if (t.rebase) frame = rebaseFrame(frame, t.rebase, series.columns);
  return { frame, aggs, notes, levelBase };
}

interface Computed {
  frame: Frame;
  aggs: Aggregation[] | null;
  /** What SA reports, one note per column. */
  notes: string[];
  /** Per column, the period a Level index is 100 at (its chain's first rate). */
  levelBase: Array<string | null>;
}

/** One field of every column. */
const columnField = <K extends 'label' | 'unit'>(columns: readonly SeriesColumn[], field: K): Array<SeriesColumn[K]> => columns.map((c) => c[field]);

/** Each column's aggregation under Per: `agg` when given, else the column's default. */
const aggregationsOf = (series: Series, agg: Aggregation | undefined): Aggregation[] => series.columns.map((c) => agg ?? defaultAggregation(series.kind, c.key));

/** Per column, the first period where it has a value. */
const firstObservedOf = (frame: Frame): Array<string | null> => frame.cols.map((col) => firstObserved(col, frame.periods));

/** The one aggregation every column has, if they agree. */
function sameAggregation(aggs: readonly Aggregation[] | null): Aggregation | undefined {
  if (!aggs) return undefined;
  for (const a of aggs) if (a !== aggs[0]) return undefined;
  return aggs[0];
}

/** The first period where a column has a value (null for none). */
function firstObserved(col: Float64Array, periods: readonly string[]): string | null {
  for (let i = 0; i < periods.length; i++) if (col[i] === col[i]) return periods[i]!;
  return null;
}

/**
 * Applies a transform to a Series: a new Series whose title, column labels, units and provenance
 * say what was done. `asked` is the query as the user asked it (before widenQuery): periods outside
 * its range are dropped; without it nothing is trimmed.
 * @example applyTransform(gdp, 'Units=pc1', { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 })
 */
export function applyTransform(series: Series, transform: Transform | string, asked?: SeriesQuery): Series {
  const p = prepare(transform);
  try {
    return transformed(series, p, asked);
  } finally {
    releaseScratch();
    releaseAxes();
  }
}

/** One outcome of applyTransforms: the new Series, or what the engine threw for that series. */
type Transformed = { ok: true; series: Series } | { ok: false; error: unknown };

/**
 * applyTransform over many series at once (the shown path's answers to one job): one outcome per
 * series, in order, each exactly what applyTransform(series[i], transform, asked[i]) gives or
 * throws (a refusal fails its series alone). The transform is read once, and what depends on an
 * axis alone (its positions, a lag, a conversion's groups, the result's copy of the axis) once per
 * axis the series share: results over one axis share one periods array (a Series is never changed
 * in place).
 */
export function applyTransforms(series: readonly Series[], transform: Transform | string, asked: ReadonlyArray<SeriesQuery | undefined> = []): Transformed[] {
  const p = prepare(transform);
  const out = new Array<Transformed>(series.length);
  try {
    for (let i = 0; i < series.length; i++) {
      try {
        out[i] = { ok: true, series: transformed(series[i]!, p, asked[i]) };
      } catch (error) {
        out[i] = { ok: false, error };
      } finally {
        releaseScratch();
      }
    }
  } finally {
    releaseAxes();
  }
  return out;
}

function transformed(series: Series, p: Prepared, asked: SeriesQuery | undefined): Series {
  const t = p.t;
  const computed = compute(series, t, asked);
  const aggs = computed.aggs;
  let frame = computed.frame;
  if (asked && hasBounds(asked)) {
    const [lo, hi] = askedBounds(asked, frame.frequency);
    const rows = lo === -NO_END && hi === NO_END ? null : rowsWithin(frame, lo, hi);
    if (rows) frame = selectRows(frame, rows);
  }
  if (t.type === 'A' || t.type === 'F') {
    const rows = typedRows(frame, t.type === 'F');
    if (rows.length !== frame.periods.length) frame = selectRows(frame, rows);
  }
  if (t.points !== undefined) {
    const rows = lastPointsRows(frame, t.points);
    if (rows.length !== frame.periods.length || rows[0] !== 0) frame = selectRows(frame, rows);
  }
  return toSeries(series, p, frame, aggs, asked, computed);
}

/** Rows whose projection flag is `projected` (no flag: an actual). */
function typedRows(frame: Frame, projected: boolean): Int32Array {
  const flags = frame.flags?.['is_projection'];
  const rows: number[] = [];
  for (let r = 0; r < frame.periods.length; r += 1) if ((flags?.[r] === true) === projected) rows.push(r);
  return Int32Array.from(rows);
}

/**
 * The result Series, saying what was done. With `asked`, its id and provenance carry the asked
 * query (not the widened one): widenQuery(asked, transform) fetches it again.
 */
function toSeries(series: Series, p: Prepared, frame: Frame, aggs: Aggregation[] | null, asked: SeriesQuery | undefined, computed: Computed): Series {
  const { t, text, identity } = p;
  // One aggregation for every column (explicit Agg, or the defaults agree) reads well in the title too.
  const words = wordsOf(p, sameAggregation(aggs));
  // What SA reports (multiplicative or additive, the Tết effects) is read beside the values, like a warning.
  const own = transformWarnings(series.columns, t);
  const warnings = computed.notes.length > 0 ? [...own, ...computed.notes] : own;
  // Object.assign rather than spreads: V8 copies an object from elsewhere much faster this way,
  // and on short series these copies cost more than the arithmetic. What changes comes in one
  // literal, never as a property stored on the copy: a copy's shape lives only as long as some
  // copy does, and code that stored on it is thrown away when a collection finds none (the next
  // batch after a full collection would run unoptimized).
  const src = series.provenance;
  const query = Object.assign({}, asked ?? src.query);
  const transform = src.transform ? `${src.transform} | ${text}` : text;
  // A conversion names what it was made from (the first one, when transforms chain): the query may not say.
  const converted = aggs !== null && src.converted_from === undefined;
  const provenance: Provenance = Object.assign({}, src, identity ? { query } : converted ? { query, transform, converted_from: series.frequency } : { query, transform });
  if (warnings.length > 0) Object.assign(provenance, { warnings: [...new Set([...(src.warnings ?? []), ...warnings])] });
  // Loops rather than map(): no closure per series (a batch makes thousands of results).
  const columns = new Array<SeriesColumn>(series.columns.length);
  for (let i = 0; i < columns.length; i++) {
    columns[i] = transformedColumn(series.columns[i]!, t, aggs ? wordsOf(p, aggs[i]) : words, computed.levelBase[i]);
  }
  const n = frame.periods.length;
  const values = new Array<Array<number | null>>(frame.cols.length);
  for (let c = 0; c < values.length; c++) values[c] = fromColumn(frame.cols[c]!, n);
  const out: Series = {
    id: (asked ? seriesId(asked) : series.id) + p.idSuffix,
    kind: series.kind,
    title: words ? series.title + words : series.title,
    frequency: frame.frequency,
    dimensions: Object.assign({}, series.dimensions),
    columns,
    // A frame that kept the input's axis still holds the input's array: copy it, never share it
    // with the input (the results of a batch over one axis share one copy).
    periods: frame.periods === series.periods ? axisCopy(series.periods, series.frequency) : frame.periods,
    values,
    provenance,
  };
  // The positions the steps read become the result's x (its periods' start times), so a chart of
  // it never reads its period strings again.
  if (frame.pos) recordStarts(out.periods, frame.frequency, frame.pos);
  if (frame.flags) out.flags = Object.fromEntries(Object.entries(frame.flags).map(([k, f]) => [k, f.slice()]));
  return out;
}
