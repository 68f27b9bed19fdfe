/**
 * How a transformed Series says what was done to it: words for titles and column labels ("GDP, %
 * change from a year ago"), the unit its values end up in, and the warnings a reader must see.
 */
import type { Frequency, SeriesColumn } from '@econdata/core';
import type { Aggregation } from '../frequency/aggregate.ts';
import type { Per, SeasonalMethod, Transform, Units } from './spec.ts';
import { TRANSFORM_WORDS } from './words.ts';

const PER_WORDS: Readonly<Record<Per, string>> = { A: 'annual', Q: 'quarterly', M: 'monthly' };

const AGGREGATION_WORDS: Readonly<Record<Aggregation, string>> = {
  avg: 'average', sum: 'sum', eop: 'end of period', first: 'first', max: 'high', min: 'low',
};

/**
 * What each seasonal adjustment is called where a person picks it (both apps' transform choices);
 * a title says the same in lower case. The method and its figures are in the provenance.
 */
export const SEASONAL_LABELS: Readonly<Record<SeasonalMethod, string>> = { stl: 'Seasonally adjusted', tet: 'Seasonally adjusted, Tết removed' };

/** The transform in words; `aggregation` adds how periods were combined after the frequency. */
export function transformWords(t: Transform, aggregation?: Aggregation): string {
  const words: string[] = [];
  if (t.level) words.push('index from % changes, first period = 100');
  if (t.per) words.push(aggregation ? `${PER_WORDS[t.per]} ${AGGREGATION_WORDS[aggregation]}` : PER_WORDS[t.per]);
  if (t.sa) words.push(`${SEASONAL_LABELS[t.sa].charAt(0).toLowerCase()}${SEASONAL_LABELS[t.sa].slice(1)}`);
  if (t.units && t.units !== 'lin') words.push(TRANSFORM_WORDS.Units[t.units].description);
  if (t.ma !== undefined) words.push(`${t.ma}-period moving average`);
  if (t.rebase) words.push(`index, ${t.rebase} = 100`);
  if (t.type === 'A') words.push('actuals only');
  if (t.type === 'F') words.push('projections only');
  if (t.points !== undefined) words.push(`last ${t.points} ${t.points === 1 ? 'period' : 'periods'}`);
  return words.join(', ');
}

// Units repeat across the series of a batch: each is tested once (bounded, since units are text).
const percentUnits = new Map<string, boolean>();

/** A percentage unit ('annual %', '% of GDP', 'percent'). */
function isPercentUnit(unit: string | null): boolean {
  if (unit === null) return false;
  let percent = percentUnits.get(unit);
  if (percent === undefined) {
    if (percentUnits.size >= 256) percentUnits.clear();
    percentUnits.set(unit, (percent = /%|percent/i.test(unit)));
  }
  return percent;
}

/** The unit of an index rebuilt by `Level` (before any Rebase). */
const LEVEL_UNIT = 'index, first period = 100';

/** The unit of a column's values after the transform. */
function transformedUnit(unit: string | null, t: Transform): string | null {
  let u = t.level ? LEVEL_UNIT : unit;
  switch (t.units) {
    case 'pch': case 'pc1': case 'pca': case 'cch': case 'cca': u = '%'; break;
    case 'log': u = u === null ? null : `ln(${u})`; break;
    default: break;
  }
  if (t.rebase) u = `index, ${t.rebase} = 100`;
  return u;
}

const POINTS_INSTEAD: Partial<Record<Units, Units>> = { pch: 'chg', pc1: 'ch1', pca: 'chg' };

// The warnings of a transform that warns of nothing (most): one shared empty list, never written.
const NO_WARNINGS: readonly string[] = Object.freeze([]);

/** Warnings for a transform over these columns: a percentage change of a percentage suggests the change in points. */
export function transformWarnings(columns: readonly SeriesColumn[], t: Transform): readonly string[] {
  let out = NO_WARNINGS as string[];
  // Level reads % changes; on anything else the chain multiplies nonsense.
  if (t.level) {
    for (const c of columns) if (c.unit !== null && !isPercentUnit(c.unit)) (out = out === NO_WARNINGS ? [] : out).push(`Level=pch on ${c.label}, whose unit is ${c.unit}, not a % change: the index chains its values as if they were % changes.`);
  }
  const instead = t.units ? POINTS_INSTEAD[t.units] : undefined;
  // After Level the values are an index: a % change of it is what Units asks.
  if (!instead || t.level) return out;
  for (const c of columns) {
    if (isPercentUnit(c.unit)) (out = out === NO_WARNINGS ? [] : out).push(`Units=${t.units} on ${c.label}, already a percentage (${c.unit}): this is a % change of a rate; Units=${instead} gives the change in percentage points.`);
  }
  return out;
}

/**
 * The column after the transform: label followed by `after` (', ' and the transform's words, or ''
 * for none), unit as the values now are: a column rebuilt by Level (and not rebased or changed
 * since) names its base when known, 'index, 2010 = 100'.
 */
export function transformedColumn(column: SeriesColumn, t: Transform, after: string, levelBase: string | null | undefined): SeriesColumn {
  let unit = transformedUnit(column.unit, t);
  if (unit === LEVEL_UNIT && levelBase) unit = `index, ${levelBase} = 100`;
  // Object.assign, not a spread: a spread of an object from elsewhere takes V8's slow path, and
  // this runs once per column of every transformed series. The changes come in one literal (see
  // applyTransform's provenance: nothing is read or stored on the copy).
  return Object.assign({}, column, { label: after ? column.label + after : column.label, unit });
}

const FREQUENCY_ADJECTIVE: Readonly<Record<Frequency, string>> = { annual: 'annual', quarterly: 'quarterly', monthly: 'monthly', daily: 'daily' };
const PER_NOUN: Readonly<Record<Per, string>> = { A: 'year', Q: 'quarter', M: 'month' };

/**
 * A frequency conversion in words, for a reader: how the values of `from` became one value per
 * period of `per` ("the quarterly average of the monthly values", "the last monthly value of each
 * quarter"). `from` undefined: "its published values".
 */
export function conversionWords(per: Per, aggregation: Aggregation, from: Frequency | undefined): string {
  const values = from ? `the ${FREQUENCY_ADJECTIVE[from]} values` : 'its published values';
  const value = from ? `${FREQUENCY_ADJECTIVE[from]} value` : 'published value';
  switch (aggregation) {
    case 'avg': return `the ${PER_WORDS[per]} average of ${values}`;
    case 'sum': return `the ${PER_WORDS[per]} sum of ${values}`;
    case 'eop': return `the last ${value} of each ${PER_NOUN[per]}`;
    case 'first': return `the first ${value} of each ${PER_NOUN[per]}`;
    case 'max': return `the highest ${value} of each ${PER_NOUN[per]}`;
    case 'min': return `the lowest ${value} of each ${PER_NOUN[per]}`;
  }
}
