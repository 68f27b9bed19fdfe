/**
 * The invariants of a Series, checked in one place. Core runs `assertSeries` on every Series it
 * builds (the mapping refuses bad records first, with messages naming them: this is the net under
 * it), and the sheets readers run it on what they read back from files.
 */
import { InvalidResponseError } from '../errors/errors.ts';
import type { Frequency, Series, SeriesKind } from '../series.ts';
import { aPeriodOf, isCanonicalPeriod, PERIOD_SPELLINGS, yearOfAnnualPeriod } from './periods.ts';

const KINDS: ReadonlySet<string> = new Set<SeriesKind>(['indicator', 'trade', 'stock']);
const FREQUENCIES: ReadonlySet<string> = new Set<Frequency>(['annual', 'quarterly', 'monthly', 'daily']);
/** Trade is monthly customs data and stocks are daily prices (spec 4.5, 4.6): no other frequency is one of them. */
const KIND_FREQUENCY: Partial<Record<SeriesKind, Frequency>> = { trade: 'monthly', stock: 'daily' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : Number.isNaN(v) ? 'NaN' : String(v));

function shapeProblem(s: Series): string | undefined {
  if (!KINDS.has(s.kind as string)) return `kind ${show(s.kind)} is none of indicator, trade, stock`;
  if (!FREQUENCIES.has(s.frequency as string)) return `frequency ${show(s.frequency)} is none of annual, quarterly, monthly, daily`;
  const fixed = KIND_FREQUENCY[s.kind];
  if (fixed && s.frequency !== fixed) return `a ${s.kind} series is ${fixed}, not ${s.frequency}`;
  if (typeof s.title !== 'string') return 'the title is not text';
  if (!isObject(s.dimensions)) return 'dimensions is not an object';
  for (const k in s.dimensions) {
    if (!Object.hasOwn(s.dimensions, k)) continue;
    const v: unknown = s.dimensions[k];
    if (typeof v !== 'string') return `dimension ${k} is ${show(v)}, not text`;
  }
  if (!isObject(s.provenance) || !isObject(s.provenance.query)) return 'provenance.query is missing';
  const q = s.provenance.query;
  if (q.kind !== s.kind) return `provenance.query is of kind ${show(q.kind)} but the series is of kind ${show(s.kind)}`;
  if (q.kind === 'indicator' && q.frequency !== undefined && q.frequency !== s.frequency) return `the query asked for ${q.frequency} data but the series is ${s.frequency}`;
  if (!Array.isArray(s.columns)) return 'columns is not an array';
  const columns = s.columns as unknown[];
  // A set of keys only where there can be a repeated one (most series have one column).
  const keys = columns.length > 1 ? new Set<string>() : undefined;
  for (const c of columns) {
    if (!isObject(c) || typeof c['key'] !== 'string' || c['key'] === '') return 'a column has no key';
    if (typeof c['label'] !== 'string') return `column ${show(c['key'])} has no label`;
    if (c['unit'] !== null && typeof c['unit'] !== 'string') return `column ${show(c['key'])} has unit ${show(c['unit'])}, not text or null`;
    if (keys?.has(c['key'])) return `column ${show(c['key'])} appears twice`;
    keys?.add(c['key']);
  }
  return undefined;
}

/**
 * Period axes that passed, by their periods array: the frequency they passed as and their length
 * then. Series often share one axis (a wide sheet's series all stand on the one period column the
 * sheets reader read), and an axis that passed is not read again for the next series on it: reading
 * 1,000,000 daily periods costs about 0.14 s, which was paid once per series. Another frequency, or another
 * length (an array grown or cut since), is checked again; an axis that failed is checked, and
 * refused, for every series on it.
 *
 * What this trusts: an axis is not changed in place after its check. A Series is never changed in
 * place (analysis keeps each axis's period starts on the same trust, and series sharing an axis
 * would all change with it); what this check guards against is a bad answer or a hand-edited file,
 * and each of those builds its arrays anew (JSON.parse, structured clone over IPC, the readers), so a
 * bad period can only come back in the very array a caller broke after checking it. Guarding that
 * would mean reading the axis again, which is the cost this saves.
 */
const passedAxes = new WeakMap<readonly unknown[], { frequency: Frequency; length: number }>();

function axisProblem(s: Series): string | undefined {
  if (!Array.isArray(s.periods)) return 'periods is not an array';
  const periods = s.periods as unknown[];
  const passed = passedAxes.get(periods);
  if (passed !== undefined && passed.frequency === s.frequency && passed.length === periods.length) return undefined;
  const problem = axisOrderProblem(periods, s.frequency);
  if (problem === undefined) passedAxes.set(periods, { frequency: s.frequency, length: periods.length });
  return problem;
}

/** What is wrong with `periods` as an axis at `frequency`: a period not in its form, out of order or repeated. */
function axisOrderProblem(periods: readonly unknown[], frequency: Frequency): string | undefined {
  // Annual periods are compared by their years (the same order as their text), others as text.
  const annual = frequency === 'annual';
  let previous = '';
  let previousYear = -1;
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i];
    const year = annual && typeof p === 'string' ? yearOfAnnualPeriod(p) : -1;
    if (annual ? year < 0 : typeof p !== 'string' || !isCanonicalPeriod(p, frequency)) {
      return `period ${show(p)} (position ${i}) is not ${aPeriodOf(frequency)} (the form is ${PERIOD_SPELLINGS[frequency][0]})`;
    }
    const text = p as string;
    // One comparison per period; which of the two problems it is only when there is one.
    if (i > 0 && !(annual ? previousYear < year : previous < text)) {
      return text === previous ? `period ${show(text)} occurs twice (positions ${i - 1} and ${i})` : `periods are not in ascending order: ${show(text)} (position ${i}) comes after ${show(previous)}`;
    }
    previous = text;
    previousYear = year;
  }
  return undefined;
}

/** A column's key as a message shows it (made only for a message: the checks run on every Series core builds). */
const columnName = (s: Series, c: number): string => show(s.columns[c]?.key);

function valuesProblem(s: Series): string | undefined {
  const n = s.periods.length;
  if (!Array.isArray(s.values) || s.values.length !== s.columns.length) return `${Array.isArray(s.values) ? s.values.length : 'no'} value arrays for ${s.columns.length} columns`;
  for (let c = 0; c < s.values.length; c++) {
    const col = s.values[c] as unknown;
    if (!Array.isArray(col) || col.length !== n) return `column ${columnName(s, c)} has ${Array.isArray(col) ? col.length : 'no'} values for ${n} periods`;
    for (let p = 0; p < n; p++) {
      const v = col[p] as unknown;
      // A value is a finite number or null (missing, never 0): NaN, Infinity, text or undefined are not data.
      if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) return `column ${columnName(s, c)} at period ${show(s.periods[p])} holds ${v === undefined ? 'nothing' : show(v)}, not a finite number or null`;
    }
  }
  if (s.flags === undefined) return undefined;
  if (!isObject(s.flags)) return 'flags is not an object';
  for (const [name, flags] of Object.entries(s.flags) as Array<[string, unknown]>) {
    if (!Array.isArray(flags) || flags.length !== n) return `flag ${name} has ${Array.isArray(flags) ? flags.length : 'no'} entries for ${n} periods`;
    for (let p = 0; p < n; p++) if (typeof flags[p] !== 'boolean') return `flag ${name} at period ${show(s.periods[p])} is ${show(flags[p])}, not true or false`;
  }
  return undefined;
}

/** What is wrong with a Series (the first broken invariant, with the period or column concerned), or undefined. */
export function seriesProblem(series: Series): string | undefined {
  if (!isObject(series)) return 'it is not an object';
  if (typeof series.id !== 'string' || series.id === '') return 'it has no id';
  return shapeProblem(series) ?? axisProblem(series) ?? valuesProblem(series);
}

/**
 * Checks every invariant of a Series: periods in their frequency's form, strictly ascending (so
 * unique); one finite-or-null value per period in every column, one boolean per period in every
 * flag; kind, frequency and query consistent. Throws core's `InvalidResponseError`
 * (`invalid_response`) naming the series and what broke; returns the series otherwise.
 */
export function assertSeries<S extends Series>(series: S): S {
  const problem = seriesProblem(series);
  if (problem === undefined) return series;
  const id = isObject(series) && typeof series.id === 'string' && series.id !== '' ? JSON.stringify(series.id) : '(without an id)';
  throw new InvalidResponseError(`Series ${id} breaks the Series rules: ${problem}. It is not used: if it came from the service, try again later and report it to the provider if it persists; if it came from a file, fix the file or export it again.`);
}
