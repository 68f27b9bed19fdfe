/**
 * World events a chart can shade in one click, each with the dates chosen and the source that
 * documents them (the README lists the same). Dates are chart-figure's mark dates: a range covers
 * `from` to `to` whole.
 */
import type { ChartMark } from './chart-figure.ts';

export interface WorldEvent {
  id: string;
  mark: ChartMark & { kind: 'range' };
  /** Where the dates come from. */
  source: string;
}

export const WORLD_EVENTS: readonly WorldEvent[] = [
  {
    id: 'asian-crisis',
    mark: { kind: 'range', from: '1997-07', to: '1998-12', label: 'Asian financial crisis' },
    source: 'IMF, "The Asian Crisis: Causes and Cures", Finance & Development 35(2), June 1998: from the float of the Thai baht (2 July 1997) through 1998, the year output fell in Thailand, Indonesia, Malaysia and Korea.',
  },
  {
    id: 'global-financial-crisis',
    mark: { kind: 'range', from: '2008-09', to: '2009-06', label: 'Global financial crisis' },
    source: 'From the failure of Lehman Brothers (15 September 2008) to the trough of the US recession (June 2009, NBER Business Cycle Dating Committee, 20 September 2010); IMF World Economic Outlook, April 2009, "Crisis and Recovery".',
  },
  {
    id: 'covid-19',
    mark: { kind: 'range', from: '2020-01', to: '2020-12', label: 'COVID-19' },
    source: 'WHO: a public health emergency of international concern on 30 January 2020, a pandemic on 11 March 2020; 2020 is the year of the global contraction (IMF World Economic Outlook, April 2021: world output -3.3%).',
  },
];
