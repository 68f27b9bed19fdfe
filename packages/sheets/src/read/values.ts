/** Reading cell values back: text, numbers, flags and periods, with errors that name the cell. */
import type { Frequency, Provenance, SeriesKind } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { dateToPeriod, frequencyOfPeriod } from '../grid/periods.ts';
import { excelSerialToDate } from '../grid/excel-epoch.ts';
import { LABEL, parseMonthsText, parseQueryText, STALE_TEXT } from '../grid/provenance.ts';
import type { Cell, CellValue } from '../grid/types.ts';

/** How text cells of a sheet were stored: CSV text is formula-escaped and holds numbers as text. */
export interface SheetSource {
  /** Turns a text cell back into the text that was written (CSV: undo the formula escape). */
  unescape: (text: string) => string;
  /** Where the sheet came from, for error messages. */
  file: string;
}

export function textOf(v: CellValue | undefined, src: SheetSource): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return src.unescape(v);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export function numberOf(v: CellValue | undefined, src: SheetSource, where: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(n)) return n;
  throw new SheetsError('unreadable_file', `${src.file}: expected a number at ${where}, found ${JSON.stringify(v)}. The file was edited or is not an Econdata export.`, { file: src.file });
}

export function boolOf(v: CellValue | undefined): boolean {
  return v === true || v === 1 || v === 'TRUE' || v === 'true';
}

function frequencyOfFormat(fmt: string | undefined): Frequency {
  if (!fmt) return 'daily';
  if (fmt.includes('-Q')) return 'quarterly';
  if (fmt === 'yyyy') return 'annual';
  if (fmt === 'yyyy-mm') return 'monthly';
  return 'daily';
}

/** The period string of a period cell (text, date or serial day), in the given or guessed frequency. */
export function periodOf(c: Cell | undefined, frequency: Frequency | null, src: SheetSource, row: number): string {
  const v = c?.v;
  if (typeof v === 'string' && frequencyOfPeriod(v)) return v;
  const date = v instanceof Date ? v : typeof v === 'number' ? excelSerialToDate(v) : null;
  if (date) return dateToPeriod(date, frequency ?? frequencyOfFormat(c?.fmt));
  throw new SheetsError('unreadable_file', `${src.file}: row ${row + 1} has no period (found ${JSON.stringify(v ?? null)}).`, { file: src.file });
}

/** A Provenance from the labelled provenance fields of one series. */
export function provenanceOf(fields: Map<string, string | null>, kind: SeriesKind): Provenance {
  const { endpoint, query } = parseQueryText(fields.get(LABEL.query) ?? '', kind);
  // The months kept on the client are their own line: the query asked is the request plus them.
  const months = parseMonthsText(fields.get(LABEL.months));
  const p: Provenance = {
    source: fields.get(LABEL.source) ?? '',
    last_updated: fields.get(LABEL.lastUpdated) ?? null,
    retrieved_at: fields.get(LABEL.retrievedAt) ?? '',
    endpoint,
    query: query.kind === 'trade' ? { ...query, ...months } : query,
  };
  const transform = fields.get(LABEL.transform);
  if (transform) p.transform = transform;
  const warnings = fields.get(LABEL.warnings);
  if (warnings) p.warnings = warnings.split('\n');
  const stale = fields.get(LABEL.stale);
  if (stale !== undefined && stale !== null) p.stale = stale === STALE_TEXT;
  return p;
}

export const isBlank = (row: Cell[] | undefined): boolean => !row || row.every((c) => c === undefined || c.v === null || c.v === '');
