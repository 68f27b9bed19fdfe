/**
 * Collects observations into the indexes of one source, then sorts them and fills in each
 * indicator's frequencies and first/last periods from what was actually loaded.
 */
import { DataError } from './files.ts';
import {
  FREQUENCIES, seriesKey,
  type Frequency, type IndicatorInfo, type Observation, type Series, type SourceCode, type SourceData,
} from './model.ts';

export class SourceBuilder {
  readonly data: SourceData;
  private lastIndicator = '';
  private lastCountry = '';
  private lastSeries: Map<Frequency, Series> | undefined;

  constructor(code: SourceCode, name: string, description: string, lastUpdated: string) {
    this.data = {
      code, name, description, last_updated: lastUpdated,
      indicators: new Map(), aliases: new Map(), series: new Map(), countries: new Set(),
    };
  }

  /** Declares an indicator (its name, unit and description); observations may name undeclared ones too. */
  declare(info: Omit<IndicatorInfo, 'frequencies' | 'first_period' | 'last_period'>): void {
    this.data.indicators.set(info.code, { ...info, frequencies: [], first_period: null, last_period: null });
  }

  add(indicator: string, country: string, frequency: Frequency, unit: string, obs: Observation): void {
    // Files are grouped by series, so the last lookup is usually the right one.
    let byFrequency = indicator === this.lastIndicator && country === this.lastCountry ? this.lastSeries : undefined;
    if (!byFrequency) {
      const key = seriesKey(indicator, country);
      byFrequency = this.data.series.get(key);
      if (!byFrequency) {
        byFrequency = new Map();
        this.data.series.set(key, byFrequency);
        this.data.countries.add(country);
      }
      this.lastIndicator = indicator;
      this.lastCountry = country;
      this.lastSeries = byFrequency;
    }
    let series = byFrequency.get(frequency);
    if (!series) {
      series = { frequency, unit, observations: [] };
      byFrequency.set(frequency, series);
    }
    series.observations.push(obs);
  }

  /** Sorts every series and derives each indicator's frequencies and period range; returns the undeclared codes. */
  finish(): { data: SourceData; undeclared: string[] } {
    const undeclared: string[] = [];
    // Indicator -> frequency -> [first, last] period (periods of one frequency compare as strings).
    const ranges = new Map<string, Map<Frequency, [string, string]>>();
    for (const [key, byFrequency] of this.data.series) {
      const code = key.slice(0, key.lastIndexOf('|'));
      let range = ranges.get(code);
      if (!range) ranges.set(code, (range = new Map()));
      for (const series of byFrequency.values()) {
        const obs = series.observations;
        obs.sort(byPeriod);
        // Two rows for one period (a duplicated row, or two file codes mapped to one ISO2 code) would
        // be served as two records of one period: refuse the folder instead, saying where to look.
        for (let i = 1; i < obs.length; i++) {
          const period = periodOf(obs[i]!);
          if (period === periodOf(obs[i - 1]!)) {
            const country = key.slice(key.lastIndexOf('|') + 1);
            throw new DataError(`${this.data.code} ${code} for ${country} has two ${series.frequency} values for ${period}: remove the duplicate row from the data folder`);
          }
        }
        const first = periodOf(obs[0]!);
        const last = periodOf(obs[obs.length - 1]!);
        const seen = range.get(series.frequency);
        range.set(series.frequency, seen ? [first < seen[0] ? first : seen[0], last > seen[1] ? last : seen[1]] : [first, last]);
      }
    }
    for (const [code, range] of ranges) {
      let info = this.data.indicators.get(code);
      if (!info) {
        undeclared.push(code);
        info = { code, name: code, unit: '', description: '', frequencies: [], first_period: null, last_period: null };
        this.data.indicators.set(code, info);
      }
      info.frequencies = FREQUENCIES.filter((f) => range.has(f));
      // The range reported is that of the indicator's finest frequency.
      [info.first_period, info.last_period] = range.get(info.frequencies[0]!)!;
    }
    // An indicator declared without any observation is not served.
    for (const [code, info] of this.data.indicators) if (info.frequencies.length === 0) this.data.indicators.delete(code);
    this.data.indicators = new Map([...this.data.indicators.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
    return { data: this.data, undeclared };
  }
}

/** The period label of an observation: `2024-03`, `2024-Q1`, or the year. */
export function periodOf(obs: Observation): string {
  return obs.period ?? String(obs.year);
}

function byPeriod(a: Observation, b: Observation): number {
  const pa = periodOf(a);
  const pb = periodOf(b);
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}
