/**
 * deriveSeries: one Series computed from several (`a/b*100` over GDP and population ...). The
 * operands arrive already transformed by their own option text; they are brought to the lowest
 * frequency among them (each by its default aggregation), aligned on their common periods, the
 * expression is evaluated period by period, and the result transform is applied last.
 *
 * An exchange rate (unit "local currency units per US$") is the exception to the common
 * frequency: a series finer than the rate keeps its frequency and each period uses the rate of the
 * period holding it (a month uses its year's average rate), and the result says so.
 */
import { InvalidParameterError, type DerivationOperand, type Frequency, type Series, type SeriesQuery } from '@econdata/core';
import { coarsenPeriod, FREQUENCY_RANK, periodPosition } from '../calendar/calendar.ts';
import { convertFrequency } from '../frequency/convert.ts';
import { applyTransform } from '../transform/apply.ts';
import type { Transform } from '../transform/spec.ts';
import { evaluate, parseExpression, readableExpression, type Expression, type Node } from './expression.ts';
import { derivedUnit, isExchangeRate } from './units.ts';

export interface DeriveOptions {
  /** The asked query of the result (its range trims the result after the result transform); default: none. */
  asked?: SeriesQuery;
  /** Words after the first operand's title instead of the expression as the title ('per capita'). */
  words?: string;
}

/** The column an operand contributes: `value` (indicators), `close` (stocks), the first `*.value` (trade), else the first. */
function mainColumn(s: Series): number {
  let i = s.columns.findIndex((c) => c.key === 'value');
  if (i < 0) i = s.columns.findIndex((c) => c.key === 'close');
  if (i < 0) i = s.columns.findIndex((c) => c.key.endsWith('.value'));
  return Math.max(0, i);
}

const FREQ_WORD: Readonly<Record<Frequency, string>> = { annual: 'year', quarterly: 'quarter', monthly: 'month', daily: 'day' };

interface Operand {
  name: string;
  series: Series;
  column: number;
  rate: boolean;
}

/** A kind may hold this frequency (trade is monthly, stocks daily; indicators any). */
const kindHolds = (s: Series, f: Frequency): boolean => s.kind === 'indicator' || (s.kind === 'trade' ? f === 'monthly' : f === 'daily');

function readOperands(expr: Expression, operands: Readonly<Record<string, Series>>): Operand[] {
  const given = Object.keys(operands).map((k) => k.toLowerCase());
  for (const n of expr.names) {
    if (!given.includes(n)) throw new InvalidParameterError('expression', `The expression "${expr.text}" uses ${n}, but no series is given for ${n}: give one series per operand (${expr.names.join(', ')}).`);
  }
  for (const n of given) {
    if (!expr.names.includes(n)) throw new InvalidParameterError('expression', `A series is given for ${n}, but the expression "${expr.text}" does not use ${n}: use it or leave it out.`);
  }
  return Object.entries(operands)
    .map(([name, series]) => {
      const column = mainColumn(series);
      const rate = isExchangeRate(series.columns[column]?.unit ?? null);
      return { name: name.toLowerCase(), series, column, rate };
    })
    .sort((x, y) => (x.name < y.name ? -1 : 1));
}

/** The operands' values on the common axis: per operand a Float64Array over `periods` (NaN missing). */
function align(ops: Operand[], target: Frequency): { periods: string[]; columns: Map<string, Float64Array>; lookedUp: Operand[]; flags?: boolean[] } {
  const onAxis: Array<{ op: Operand; s: Series }> = [];
  const lookedUp: Operand[] = [];
  for (const op of ops) {
    const f = op.series.frequency;
    if (op.rate && FREQUENCY_RANK[f] < FREQUENCY_RANK[target]) lookedUp.push(op);
    else onAxis.push({ op, s: f === target ? op.series : convertFrequency(op.series, target as Exclude<Frequency, 'daily'>) });
  }
  // The common periods: those every operand on the axis has.
  let periods = onAxis[0]!.s.periods;
  for (const { s } of onAxis.slice(1)) {
    const has = new Set(s.periods);
    periods = periods.filter((p) => has.has(p));
  }
  const columns = new Map<string, Float64Array>();
  let flags: boolean[] | undefined;
  for (const { op, s } of onAxis) {
    const at = new Map(s.periods.map((p, i) => [p, i]));
    const values = s.values[op.column]!;
    columns.set(op.name, Float64Array.from(periods, (p) => values[at.get(p)!] ?? NaN));
    const projected = s.flags?.['is_projection'];
    if (projected) {
      flags ??= new Array<boolean>(periods.length).fill(false);
      periods.forEach((p, i) => { if (projected[at.get(p)!]) flags![i] = true; });
    }
  }
  for (const op of lookedUp) {
    const f = op.series.frequency;
    const byPosition = new Map(op.series.periods.map((p, i) => [periodPosition(p, f), op.series.values[op.column]![i] ?? NaN]));
    columns.set(op.name, Float64Array.from(periods, (p) => byPosition.get(coarsenPeriod(p, target, f)) ?? NaN));
  }
  return flags ? { periods, columns, lookedUp, flags } : { periods, columns, lookedUp };
}

/** The expression with each operand replaced by its series' title: the derived series' default title. */
function titled(tree: Node, ops: Operand[]): string {
  const titles = new Map(ops.map((o) => [o.name, o.series.title]));
  if (tree.type === 'operand') return titles.get(tree.name)!;
  return readableExpression(tree, (n) => `[${titles.get(n)!}]`);
}

/** The provenance record of one operand: its asked query and transform, its source. */
function operandRecord(op: Operand): DerivationOperand {
  const p = op.series.provenance;
  const out: DerivationOperand = { name: op.name, query: { ...p.query }, source: p.source, last_updated: p.last_updated };
  if (p.transform) out.transform = p.transform;
  return out;
}

/** The operand whose kind and query the result carries: the first not an exchange rate whose kind holds the frequency. */
function primary(ops: Operand[], target: Frequency): Operand {
  return ops.find((o) => !o.rate && kindHolds(o.series, target)) ?? ops.find((o) => kindHolds(o.series, target)) ?? ops[0]!;
}

/** The primary operand's query, fit for a series at `target` (a GSO query's frequency follows the result). */
function resultQuery(q: SeriesQuery, target: Frequency): SeriesQuery {
  if (q.kind !== 'indicator' || q.frequency === undefined || q.frequency === target) return { ...q };
  const { frequency: _native, ...rest } = q;
  return target === 'daily' ? rest : { ...rest, frequency: target };
}

const latest = (dates: Array<string | null>): string | null => dates.filter((d): d is string => d !== null).sort().pop() ?? null;

/**
 * A Series computed from operand Series by an expression over their names, then the result
 * transform. Operands of different frequencies are converted to the lowest first (each by its
 * default aggregation); an exchange-rate operand coarser than the others is looked up by period
 * instead. A period where an operand is missing, or a divisor is 0, is missing.
 * @example deriveSeries('a/b', { a: gdp, b: population }) // "current US$ per person"
 * @example deriveSeries('a/b', { a: gdp, b: population }, 'Units=pc1') // growth of GDP per capita
 */
export function deriveSeries(expression: string | Expression, operands: Readonly<Record<string, Series>>, transform?: Transform | string, options: DeriveOptions = {}): Series {
  const expr = typeof expression === 'string' ? parseExpression(expression) : expression;
  const ops = readOperands(expr, operands);
  const axisOps = ops.some((o) => !o.rate) ? ops.filter((o) => !o.rate) : ops;
  const target = axisOps.reduce<Frequency>((low, o) => (FREQUENCY_RANK[o.series.frequency] < FREQUENCY_RANK[low] ? o.series.frequency : low), 'daily');
  const { periods, columns, lookedUp, flags } = align(ops, target);
  const { unit, warnings } = derivedUnit(expr.tree, ops.map((o) => ({ name: o.name, label: o.series.columns[o.column]!.label, unit: o.series.columns[o.column]!.unit })));
  const values = evaluate(expr.tree, columns, periods.length);
  for (const op of lookedUp) {
    warnings.push(`Each ${FREQ_WORD[target]} uses the ${FREQ_WORD[op.series.frequency]}'s average exchange rate: ${op.name} = ${op.series.title}.`);
  }
  const main = primary(ops, target);
  const title = options.words ? `${main.series.title}, ${options.words}` : titled(expr.tree, ops);
  const operandWarnings = ops.flatMap((o) => (o.series.provenance.warnings ?? []).map((w) => `${o.name}: ${w}`));
  const provenance: Series['provenance'] = {
    source: [...new Set(ops.map((o) => o.series.provenance.source))].join('; '),
    last_updated: latest(ops.map((o) => o.series.provenance.last_updated)),
    // The oldest data in the result says how fresh it is.
    retrieved_at: ops.map((o) => o.series.provenance.retrieved_at).sort()[0]!,
    endpoint: main.series.provenance.endpoint,
    query: resultQuery(main.series.provenance.query, target),
    derivation: { expression: expr.text, operands: ops.map(operandRecord) },
  };
  if (ops.some((o) => o.series.provenance.stale)) provenance.stale = true;
  const allWarnings = [...new Set([...operandWarnings, ...warnings])];
  if (allWarnings.length > 0) provenance.warnings = allWarnings;
  // Dimensions every operand on the axis shares (the country of GDP and population) still describe the result.
  const dimensions: Record<string, string> = {};
  for (const [k, v] of Object.entries(main.series.dimensions)) if (axisOps.every((o) => o.series.dimensions[k] === v)) dimensions[k] = v;
  dimensions['expression'] = expr.text;
  const derived: Series = {
    id: `derived:${expr.text}:${ops.map((o) => `${o.name}=${o.series.id}`).join(',')}`,
    kind: main.series.kind,
    title,
    frequency: target,
    dimensions,
    columns: [{ key: 'value', label: title, unit }],
    periods: periods.slice(),
    values: [Array.from(values, (v) => (v === v ? v : null))],
    provenance,
  };
  if (flags) derived.flags = { is_projection: flags };
  return finish(derived, transform, options.asked);
}

/** The result transform and the asked range, keeping the derived identity (applyTransform names the asked query). */
function finish(derived: Series, transform: Transform | string | undefined, asked: SeriesQuery | undefined): Series {
  if (transform === undefined && asked === undefined) return derived;
  const out = applyTransform(derived, transform ?? {}, asked);
  const suffix = out.provenance.transform ? `~${out.provenance.transform}` : '';
  out.id = `${derived.id}${suffix}`;
  out.provenance.query = derived.provenance.query;
  return out;
}
