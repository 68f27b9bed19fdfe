/**
 * The source line a chart carries into a report, as FRED puts it under its graphs: each source
 * organisation once, the day the data was retrieved (the earliest, when several), and the tool
 * that drew it. One wording for the explorer's images and the add-in's Excel charts.
 */
import type { Series } from '@econdata/core';

/**
 * @example sourceLine([gdpVN, gdpTH]) // 'Source: World Bank WDI (retrieved 2026-11-01). Chart: Econdata.'
 */
export function sourceLine(series: readonly Series[]): string {
  const sources = [...new Set(series.map((s) => s.provenance.source))].filter((s) => s !== '');
  const days = series.map((s) => s.provenance.retrieved_at.slice(0, 10)).filter((d) => d !== '').sort();
  const retrieved = days[0] ? ` (retrieved ${days[0]})` : '';
  return `Source: ${sources.length > 0 ? sources.join('; ') : 'unknown'}${retrieved}. Chart: Econdata.`;
}
