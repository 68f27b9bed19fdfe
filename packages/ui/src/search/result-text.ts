/** The words a search result and a series card show about an indicator. */
import type { SearchEntry } from './search-indicators.ts';

/** "1960–2024", "2014-01–2025-02", or '' when the service gives neither end. */
export function coverageText(entry: SearchEntry): string {
  if (!entry.first_period && !entry.last_period) return '';
  return `${entry.first_period ?? '?'}–${entry.last_period ?? '?'}`;
}

/** "annual %, annual, 1960–2024": the secondary line of a result. */
export function resultLine(entry: SearchEntry): string {
  return [entry.unit, entry.frequencies?.join(', '), coverageText(entry)].filter((x) => x).join(' · ');
}

/**
 * Whether a source has data for a country, as far as the lists tell without spending a request:
 * GSO is the statistics office of Viet Nam and covers Viet Nam only; WB and IMF list economies
 * worldwide, and whether one series has values for one country is known once it is fetched.
 */
export function dataFor(entry: SearchEntry, country: string): string {
  if (entry.source === 'GSO') return country.toUpperCase() === 'VN' ? 'yes (GSO covers Viet Nam)' : 'no: GSO covers Viet Nam only';
  return 'listed for economies worldwide; values show when fetched';
}
