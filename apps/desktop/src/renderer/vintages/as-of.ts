/**
 * The words of the As of view, in the start bundle (tiny): the view itself loads with the chart.
 * The service has no vintages; the explorer says every time that these are this machine's own.
 */
import type { Series } from '@econdata/core';

/** A view of the shown series as this machine knew them on a date. */
export interface AsOfView {
  date: string;
  series: Series[];
}

/** A day as is; a release's own moment as "2026-03-31 10:00 UTC". */
export function asOfWhen(date: string): string {
  return date.length > 10 ? `${date.slice(0, 10)} ${date.slice(11, 16)} UTC` : date;
}

/** "As of 2026-03-31 (kept on this machine; the service has no vintages)". */
export function asOfLabel(date: string): string {
  return `As of ${asOfWhen(date)} (kept on this machine; the service has no vintages)`;
}
