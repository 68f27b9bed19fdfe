/**
 * The words of each transform code, one table: the short label a control shows (a select's option,
 * a toolbar button) and the description a transformed series' title carries ("GDP, % change from a
 * year ago"). Both apps and @econdata/ui ask here, so a code reads the same everywhere. A new option
 * with codes (`SA=` next) adds its own table of the same shape and one line to TRANSFORM_WORDS.
 */
import type { Units } from './spec.ts';

/** What a code is called: `label` on a control, `description` in a title after the series' name. */
export interface CodeWords {
  readonly label: string;
  readonly description: string;
}

/** FRED's units (its names), in the order a control offers them: the common ones first. */
const UNITS: Readonly<Record<Units, CodeWords>> = {
  lin: { label: 'Level', description: 'level' },
  pch: { label: '% change', description: '% change' },
  pc1: { label: '% change from a year ago', description: '% change from a year ago' },
  pca: { label: 'Annualized % change', description: 'compounded annual rate of change' },
  log: { label: 'Natural log', description: 'natural log' },
  chg: { label: 'Change', description: 'change' },
  ch1: { label: 'Change from a year ago', description: 'change from a year ago' },
  cch: { label: 'Continuously compounded % change', description: 'continuously compounded rate of change' },
  cca: { label: 'Continuously compounded annual % change', description: 'continuously compounded annual rate of change' },
};

/** The words of every option that takes codes, by the option's name in the text form. */
export const TRANSFORM_WORDS = { Units: UNITS } as const;

/** The codes of `Units`, in the order a control offers them (the common ones first). */
export const UNITS_CODES = Object.keys(UNITS) as readonly Units[];

/** The short label of a `Units` code, as a control shows it ('Annualized % change'). */
export const unitsLabel = (code: Units): string => UNITS[code].label;
