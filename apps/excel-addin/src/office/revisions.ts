/**
 * What a refresh changed in one block: the values now in the worksheet table are read back as the
 * "before" Series (matched to the fresh ones by the table's header texts and period dates), sheets'
 * `compareSeries` diffs them, and each revised value is located in the fresh Grid for highlighting.
 */
import type { Series } from '@econdata/core';
import { compareSeries, dateToPeriod, excelSerialToDate, periodToSerial, type Grid, type RevisionDiff } from '@econdata/sheets';
import { headMatrix } from './block-matrix.ts';
import { tableHeaders } from './block-writer.ts';
import type { XValue } from './excel-api.ts';

/** A cell of the block, relative to its top-left cell. */
interface CellRef {
  row: number;
  column: number;
}

/** A cell holding a revised value, and which value: its series' id, period and column key. */
interface RevisedCell extends CellRef {
  id: string;
  period: string;
  key: string;
}

export interface BlockChanges {
  diff: RevisionDiff;
  /** Cells of the fresh block holding revised values. */
  revisedCells: RevisedCell[];
}

/** The "before" Series: the fresh Series' shapes filled with the table's current values. */
function seriesFromTable(oldTable: XValue[][], fresh: readonly Series[], grid: Grid): Series[] {
  const oldHeaders = (oldTable[0] ?? []).map(String);
  const rows = oldTable.slice(1).filter((row) => typeof row[0] === 'number');
  const newHeaders = tableHeaders(headMatrix(grid)[grid.regions.header.top] ?? []).map(String);
  return fresh.map((s, i) => {
    const periods = rows.map((row) => dateToPeriod(excelSerialToDate(row[0] as number), s.frequency));
    const values = s.columns.map((col) => {
      const j = grid.columns.findIndex((g) => g.role === 'value' && g.series === i && g.key === col.key);
      const oc = j < 0 ? -1 : oldHeaders.indexOf(newHeaders[j] ?? '');
      return rows.map((row) => {
        const v = oc < 0 ? undefined : row[oc];
        return typeof v === 'number' ? v : null;
      });
    });
    return { ...s, periods, values };
  });
}

/**
 * Compares the table's values with the fresh Series. Long blocks are not diffed cell by cell (a
 * row per value has no fixed place to highlight): their diff compares nothing and says so by
 * returning every series as unchanged.
 */
export function blockChanges(oldTable: XValue[][], fresh: readonly Series[], grid: Grid): BlockChanges {
  // Blocks laid across, or without their period column, have no period column to read dates back from.
  if (grid.orientation !== 'wide' || grid.arrangement?.dir === 'H' || grid.arrangement?.dates === false) {
    return { diff: { seriesAdded: [], seriesRemoved: [], changed: [], unchanged: fresh.map((s) => s.id) }, revisedCells: [] };
  }
  const diff = compareSeries(seriesFromTable(oldTable, fresh, grid), fresh);
  const bodyRowOfSerial = new Map<unknown, number>();
  grid.body.columns[0]?.values.forEach((v, r) => bodyRowOfSerial.set(v, r));
  const top = grid.regions.header.top + 1;
  const revisedCells: RevisedCell[] = [];
  for (const changed of diff.changed) {
    const i = fresh.findIndex((s) => s.id === changed.id);
    const s = fresh[i];
    if (!s) continue;
    for (const rev of changed.revised) {
      const column = grid.columns.findIndex((g) => g.role === 'value' && g.series === i && g.key === rev.column);
      const r = bodyRowOfSerial.get(periodToSerial(rev.period, s.frequency));
      if (column >= 0 && r !== undefined) revisedCells.push({ row: top + r, column, id: changed.id, period: rev.period, key: rev.column });
    }
  }
  return { diff, revisedCells };
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A revised value as a block's summary shows it: its words, and its cell in the fresh block (where one was found). */
interface RevisedPart {
  text: string;
  cell: CellRef | undefined;
}

/** A block's summary in pieces: words, and the revised values it shows (the taskpane makes each a link to its cell). */
export type SummaryPart = string | RevisedPart;

/** The words of a summary. */
export const summaryText = (parts: ReadonlyArray<string | { text: string }>): string => parts.map((p) => (typeof p === 'string' ? p : p.text)).join('');

/**
 * What changed in a block, in pieces ("2 values revised (", a revised value, "; ", ..., "), 1
 * added."): each revised value shown names its series where the block's title does not already say
 * it all, and carries its cell from `cells` (blockChanges' revisedCells). A block written `asOf` a
 * date moves to an older release, not a newer one: its values are not "revised" then but "as known
 * on" that date, and periods it loses were "not yet published" then.
 */
export function changeParts(title: string, diff: RevisionDiff, cells: readonly RevisedCell[] = [], asOf?: string): SummaryPart[] {
  let revised = 0;
  let added = 0;
  let removed = 0;
  const examples: RevisedPart[] = [];
  for (const c of diff.changed) {
    revised += c.revised.length;
    added += c.added.length;
    removed += c.removed.length;
    // Each example names its series (indicator and country) where the block's title does not already
    // say it all: a block of several countries said "2022: 413,445,230,668.578 → …" of no one (issue 28).
    const whose = c.title === title ? '' : `${c.title}, `;
    for (const r of c.revised) {
      if (examples.length >= 2) break;
      const at = cells.find((cell) => cell.id === c.id && cell.period === r.period && cell.key === r.column);
      examples.push({ text: `${whose}${r.period}: ${number.format(r.old)} → ${number.format(r.new)}`, cell: at ? { row: at.row, column: at.column } : undefined });
    }
  }
  added += diff.seriesAdded.length;
  removed += diff.seriesRemoved.length;
  if (revised + added + removed === 0) return [`${title}: no change.`];
  const parts: SummaryPart[] = [`${title}: `];
  const rest: string[] = [];
  if (added > 0) rest.push(`${added} added`);
  if (removed > 0) rest.push(asOf ? `${removed} not yet published on ${asOf}` : `${removed} removed`);
  if (revised > 0) {
    const values = `${revised} value${revised === 1 ? '' : 's'}`;
    parts.push(asOf ? `${values} as known on ${asOf} (` : `${values} revised (`);
    examples.forEach((e, i) => parts.push(...(i > 0 ? ['; '] : []), e));
    parts.push(`${revised > examples.length ? '; …' : ''})${rest.length > 0 ? ', ' : ''}`);
  }
  parts.push(`${rest.join(', ')}.`);
  return parts;
}

/** One sentence on what changed in a block ("2 values revised (2023: 1.2 -> 1.3), 1 added"). */
export function describeChanges(title: string, diff: RevisionDiff): string {
  return summaryText(changeParts(title, diff));
}
