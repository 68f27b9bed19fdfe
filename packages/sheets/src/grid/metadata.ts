/**
 * The Metadata sheet of a workbook: what the file is (product, version, when it was made) and one
 * row per series saying where it is, where it came from and how to fetch it again.
 */
import type { Series } from '@econdata/core';
import { cell } from './cells.ts';
import { monthsText, queryText, STALE_TEXT } from './provenance.ts';
import type { Cell, Grid } from './types.ts';

export interface MetadataInfo {
  createdAt: string;
  productVersion: string;
  /** The sheet each series is on, by series id. */
  sheetOf: Map<string, string>;
}

// The transform (analysis' canonical text, 'Units=pc1 MA=4') says what was done to the fetched data;
// Months, the months core kept on the client of a trade answer (no request parameter).
const HEADER = ['Sheet', 'Series', 'Title', 'Kind', 'Frequency', 'Source', 'Last updated', 'Retrieved at', 'Query', 'Months', 'Transform', 'Stale'];
const WIDTHS = [20, 34, 40, 10, 10, 30, 13, 26, 60, 30, 24, 12];

/** The Metadata sheet as a Grid. */
export function metadataGrid(series: readonly Series[], info: MetadataInfo): Grid {
  const rows: Cell[][] = [
    [cell('Econdata export', 'title')],
    [cell('Created at', 'label'), cell(info.createdAt, 'text')],
    [cell('Product version', 'label'), cell(info.productVersion, 'text')],
    [cell('Series', 'label'), cell(series.length, 'text')],
    [],
    HEADER.map((h) => cell(h, 'header')),
  ];
  for (const s of series) {
    const p = s.provenance;
    rows.push(
      [
        info.sheetOf.get(s.id) ?? null, s.id, s.title, s.kind, s.frequency, p.source, p.last_updated, p.retrieved_at,
        queryText(p.endpoint, p.query), monthsText(p.query), p.transform ?? null, p.stale === undefined ? null : p.stale ? STALE_TEXT : 'no',
      ].map((v) => cell(v, 'text')),
    );
  }
  const last = rows.length - 1;
  return {
    name: 'Metadata',
    orientation: 'long',
    rows,
    body: { rowCount: 0, columns: [] },
    columns: WIDTHS.map((width) => ({ width, role: 'label' as const })),
    merges: [],
    notes: [],
    rowHeights: {},
    frozenRows: 0,
    frozenColumns: 0,
    regions: { header: { top: 5, left: 0, bottom: 5, right: HEADER.length - 1 }, data: { top: 6, left: 0, bottom: last, right: HEADER.length - 1 } },
  };
}
