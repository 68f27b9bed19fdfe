/**
 * The transform control's one-click choices, as changes to @econdata/analysis's Transform (the
 * engine owns what each means and its text), and what the explorer says about series it shows:
 * a common-frequency conversion it made, and the engine's warnings. Pure, unit-tested.
 */
import {
  checkTransform, conversionWords, defaultAggregation, FREQUENCY_RANK, formatTransform, parseTransform, PER_FREQUENCY, queryFrequency, SEASONAL_FREQUENCIES, SEASONAL_LABELS,
  transformWords, unitsLabel, type Per, type SeasonalMethod, type Transform, type Units,
} from '@econdata/analysis';
import type { Frequency, Series, SeriesQuery } from '@econdata/core';

export type QuickChoice = 'level' | Units | 'index' | 'ma';

/** The one-click choices, the common ones first (the rest are in "More options"); a unit's label is analysis's. */
export const QUICK_CHOICES: ReadonlyArray<readonly [QuickChoice, string]> = [
  ['level', unitsLabel('lin')], ...(['pch', 'pc1', 'pca', 'log'] as const).map((u) => [u, unitsLabel(u)] as const), ['index', 'Index = 100'], ['ma', 'Moving average'],
];

/** A moving average's window one click gives: about a year (three years of annual data). */
const MA_WINDOW: Readonly<Record<Frequency, number>> = { annual: 3, quarterly: 4, monthly: 12, daily: 20 };

const read = (text: string): Transform => parseTransform(text);
const write = (t: Transform): string => formatTransform(checkTransform(t));

/** Whether a choice is what the text shows now. */
export function isChosen(text: string, choice: QuickChoice): boolean {
  const t = read(text);
  if (choice === 'level') return (t.units === undefined || t.units === 'lin') && t.rebase === undefined;
  if (choice === 'index') return t.rebase !== undefined;
  if (choice === 'ma') return t.ma !== undefined;
  return t.units === choice;
}

/**
 * The text after one click. Level, a unit and Index = 100 replace one another (a rebased growth
 * rate means nothing); the moving average toggles on top, over about a year at the shown
 * frequency; `baseYear` is where Index = 100 puts its base (the first year shown).
 */
export function choose(text: string, choice: QuickChoice, shown: Frequency, baseYear: string): string {
  const { units: _u, rebase: _r, ...rest } = read(text);
  if (choice === 'level') return write(rest);
  if (choice === 'index') return write({ ...rest, rebase: baseYear });
  if (choice === 'ma') {
    const t = read(text);
    if (t.ma !== undefined) {
      const { ma: _m, ...without } = t;
      return write(without);
    }
    return write({ ...t, ma: MA_WINDOW[t.per ? PER_FREQUENCY[t.per] : shown] });
  }
  return write({ ...rest, units: choice });
}

/** The seasonal adjustments, one click each, named as analysis names them. */
export const SEASONAL_CHOICES = Object.entries(SEASONAL_LABELS) as ReadonlyArray<readonly [SeasonalMethod, string]>;

/** Whether seasonal adjustment is offered at the frequency shown (monthly and quarterly only). */
export const seasonalOffered = (shown: Frequency): boolean => SEASONAL_FREQUENCIES.includes(shown);

/** The seasonal adjustment in the text, if any. */
export const seasonalOf = (text: string): SeasonalMethod | undefined => read(text).sa;

/** The text with the SA options removed: what the original series is shown with beside the adjusted one. */
export function withoutSeasonal(text: string): string {
  const { sa: _s, seasonal: _n, robust: _r, tet: _t, ...rest } = read(text);
  return write(rest);
}

/** The text after a click on a seasonal adjustment: on (replacing the other, keeping units and the rest), or off when it was on. */
export function chooseSeasonal(text: string, method: SeasonalMethod): string {
  if (seasonalOf(text) === method) return withoutSeasonal(text);
  const { tet, ...rest } = read(text);
  return write({ ...rest, sa: method, ...(method === 'tet' && tet !== undefined ? { tet } : {}) });
}

const PER_OF: Readonly<Partial<Record<Frequency, Per>>> = { annual: 'A', quarterly: 'Q', monthly: 'M' };

/** The text with another frequency to convert to (undefined: as published). */
export function withPer(text: string, frequency: Frequency | undefined): string {
  const { per: _p, agg: _a, ...rest } = read(text);
  const per = frequency === undefined ? undefined : PER_OF[frequency];
  return write(per === undefined ? rest : { ...rest, per });
}

/** The lowest frequency the queries come in (a conversion can only go below it); undefined when none says. */
export function nativeLowest(queries: readonly SeriesQuery[]): Frequency | undefined {
  let low: Frequency | undefined;
  for (const f of queries.map(queryFrequency)) if (f && (low === undefined || FREQUENCY_RANK[f] < FREQUENCY_RANK[low])) low = f;
  return low;
}

const ADVERB: Readonly<Record<Frequency, string>> = { annual: 'annually', quarterly: 'quarterly', monthly: 'monthly', daily: 'daily' };

/**
 * The sentence naming a common-frequency conversion the explorer made (null when it made none):
 * series whose `Per` the user did not ask for, each with the frequency it came in.
 */
export function conversionNote(series: readonly Series[], text: string): string | null {
  if (read(text).per !== undefined) return null;
  const converted = series.filter((s) => s.provenance.transform !== undefined && read(s.provenance.transform.split(' | ')[0] ?? '').per !== undefined);
  const [first] = converted;
  if (!first) return null;
  // The conversion in analysis' words ("the quarterly average of the monthly values"), after the
  // series' name without the words its title already adds for the transform; the frequency it was
  // made from is what analysis recorded (a query at the service's default names none).
  const parts = converted.map((s) => {
    const t = read(s.provenance.transform?.split(' | ')[0] ?? '');
    const aggregation = t.agg ?? defaultAggregation(s.kind, s.columns.find((c) => !c.key.endsWith('ytd_value'))?.key ?? 'value');
    const suffix = `, ${transformWords(t, aggregation)}`;
    const name = s.title.endsWith(suffix) ? s.title.slice(0, -suffix.length) : s.title;
    return `${name} as ${conversionWords(t.per ?? 'A', aggregation, s.provenance.converted_from ?? queryFrequency(s.provenance.query) ?? undefined)}`;
  });
  return `Shown ${ADVERB[first.frequency]}, the lowest frequency open: ${parts.join('; ')}.`;
}

/** Every warning of the engine on the series shown, once each. */
export function transformWarnings(series: readonly Series[]): string[] {
  return [...new Set(series.flatMap((s) => s.provenance.warnings ?? []))];
}
