/**
 * Layout options: how a laid-out Grid is arranged on the sheet. `Dir=V|H` (periods down or
 * across), `Sort=A|D` (oldest or newest first), `Header=Y|N` (the row, or with `Dir=H` the column,
 * naming each series), `Dates=Y|N` (the period column, or with `Dir=H` the period row). They are
 * written in the same options text as @econdata/analysis's transforms (`Units=pc1 Dir=H Sort=D`):
 * analysis owns the text's syntax (`optionPairs`) and its transform names, this file owns these
 * four names, because they say where cells go and nothing about what the numbers mean.
 *
 * Every arrangement is a rearrangement of the cells the default layout gives (one layout: the
 * numbers, headers, formats and provenance are the same, only their places change). `Dir=H` is the
 * transpose of the whole vertical Grid, provenance included: each series becomes a row carrying its
 * provenance on the left, and the period row becomes the header; period cells there are the
 * period's text ('2024-Q1'), since a header row holds text.
 */
import { InvalidParameterError } from '@econdata/core';
import { bodyRow, cell, gridColumnCount, textWidth } from './cells.ts';
import type { Arrangement, BodyColumn, Cell, Grid, GridColumn, Range } from './types.ts';

/** The layout option names, in canonical order. */
export const LAYOUT_OPTION_NAMES = ['Dir', 'Sort', 'Header', 'Dates'] as const;

const DEFAULT_ARRANGEMENT: Readonly<Arrangement> = { dir: 'V', sort: 'A', header: true, dates: true };

const YES_NO: Record<string, boolean> = { Y: true, N: false };

function oneOf(name: string, raw: string, values: readonly string[]): string {
  const v = raw.toUpperCase();
  if (!values.includes(v)) throw new InvalidParameterError(name, `Invalid ${name} "${raw}": expected one of ${values.join(', ')}.`);
  return v;
}

/**
 * The arrangement named by the layout options among `pairs` (analysis's `optionPairs` of the
 * options text); other names are left to their owners. Names and values are case-insensitive.
 * @example readArrangement(optionPairs('Units=pc1 dir=h sort=D')) // { dir: 'H', sort: 'D', header: true, dates: true }
 */
export function readArrangement(pairs: ReadonlyArray<{ name: string; value: string }>): Arrangement {
  const a: Arrangement = { ...DEFAULT_ARRANGEMENT };
  const seen = new Set<string>();
  for (const pair of pairs) {
    const name = LAYOUT_OPTION_NAMES.find((n) => n.toLowerCase() === pair.name.toLowerCase());
    if (name === undefined) continue;
    if (seen.has(name)) throw new InvalidParameterError(name, `${name} is given twice: give each option once.`);
    seen.add(name);
    if (name === 'Dir') a.dir = oneOf(name, pair.value, ['V', 'H']) as Arrangement['dir'];
    else if (name === 'Sort') a.sort = oneOf(name, pair.value, ['A', 'D']) as Arrangement['sort'];
    else a[name === 'Header' ? 'header' : 'dates'] = YES_NO[oneOf(name, pair.value, ['Y', 'N'])] ?? true;
  }
  return a;
}

/**
 * The canonical text of an arrangement: only what differs from the default, in canonical order.
 * @example formatArrangement({ dir: 'H', sort: 'D', header: true, dates: true }) // 'Dir=H Sort=D'
 */
export function formatArrangement(a: Arrangement): string {
  const parts: string[] = [];
  if (a.dir !== 'V') parts.push(`Dir=${a.dir}`);
  if (a.sort !== 'A') parts.push(`Sort=${a.sort}`);
  if (!a.header) parts.push('Header=N');
  if (!a.dates) parts.push('Dates=N');
  return parts.join(' ');
}

/** Whether an arrangement is the default one. */
const isDefaultArrangement = (a: Arrangement): boolean => formatArrangement(a) === '';

/** Every row of a Grid as full-width cells, head then body (formats filled in). */
function matrixOf(grid: Grid): Cell[][] {
  const width = gridColumnCount(grid);
  const full = (row: readonly Cell[]): Cell[] => Array.from({ length: width }, (_, c) => row[c] ?? cell(null));
  const out = grid.rows.map(full);
  for (let r = 0; r < grid.body.rowCount; r += 1) out.push(full(bodyRow(grid, r)));
  return out;
}

/** Body rows as column-major BodyColumns: one format per column where the rows agree, else one per row. */
function bodyOf(rows: readonly Cell[][], width: number): BodyColumn[] {
  return Array.from({ length: width }, (_, c) => {
    const cells = rows.map((r) => r[c] ?? cell(null));
    const col: BodyColumn = { values: cells.map((x) => x.v) };
    const fmts = cells.map((x) => x.fmt);
    const first = fmts[0];
    if (fmts.every((f) => f === first)) {
      if (first !== undefined) col.fmt = first;
    } else col.formats = fmts.map((f) => f ?? 'General');
    if (cells.some((x) => x.text !== undefined)) col.texts = cells.map((x) => x.text ?? '');
    const style = cells.find((x) => x.style !== undefined)?.style;
    if (style !== undefined) col.style = style;
    return col;
  });
}

const dropColumn = (rows: Cell[][], c: number): Cell[][] => rows.map((r) => r.filter((_, i) => i !== c));

/** A period cell as its text ('2024-Q1', the text it carries), what a header row holds. */
const periodText = (c: Cell): Cell => (c.text === undefined ? c : cell(c.text, 'header'));

/**
 * The Grid rearranged (see the module comment); the default arrangement returns it unchanged.
 * Long grids (frequencies mixed) take `Sort` and `Header`; `Dir=H` and `Dates=N` need one period
 * axis and are refused for them.
 */
export function arrangeGrid(grid: Grid, a: Arrangement): Grid {
  if (isDefaultArrangement(a)) return grid;
  if (grid.orientation === 'long' && (a.dir === 'H' || !a.dates)) {
    const option = a.dir === 'H' ? 'Dir' : 'Dates';
    throw new InvalidParameterError(option, `${a.dir === 'H' ? 'Dir=H' : 'Dates=N'} needs series of one frequency (one period axis); these mix frequencies. Ask for one frequency, or leave ${a.dir === 'H' ? 'Dir' : 'Dates'} out.`);
  }
  const all = matrixOf(grid);
  const headRows = grid.rows.length;
  const head = all.slice(0, headRows);
  const body = all.slice(headRows);
  if (a.sort === 'D') body.reverse();
  return a.dir === 'H' ? across(grid, [...head, ...body], a) : down(grid, head, body, a);
}

/** Periods down: the default Grid with rows reversed, the header row or period column left out. */
function down(grid: Grid, head: Cell[][], body: Cell[][], a: Arrangement): Grid {
  const hasProvenance = grid.regions.provenance !== undefined;
  const headerTop = grid.regions.header.top;
  let columns = grid.columns;
  let left = 0;
  if (!a.dates) {
    if (hasProvenance) {
      // The provenance labels stay in column 0, over an empty column: the series keep their columns.
      for (const row of [...head.slice(headerTop), ...body]) row[0] = cell(null);
      columns = [{ ...columns[0]!, role: 'label' }, ...columns.slice(1)];
      left = 1;
    } else {
      head = dropColumn(head, 0);
      body = dropColumn(body, 0);
      columns = columns.slice(1);
    }
  }
  if (!a.header) head = head.filter((_, r) => r !== headerTop);
  const width = Math.max(columns.length, body[0]?.length ?? 0, ...head.map((r) => r.length));
  const right = width - 1;
  return {
    ...grid,
    rows: head,
    body: { rowCount: body.length, columns: bodyOf(body, width) },
    columns,
    frozenRows: head.length,
    frozenColumns: a.dates ? 1 : left,
    arrangement: a,
    regions: {
      ...(grid.regions.provenance ? { provenance: grid.regions.provenance } : {}),
      header: { top: headerTop, left, bottom: a.header ? headerTop : headerTop - 1, right },
      data: { top: head.length, left, bottom: head.length + body.length - 1, right },
    },
  };
}

const MIN_WIDTH = 10;
const MAX_WIDTH = 30;

/** Periods across: the transpose of the vertical Grid (provenance on the left), then Header and Dates. */
function across(grid: Grid, rows: Cell[][], a: Arrangement): Grid {
  const headerTop = grid.regions.header.top;
  const width = rows[0]?.length ?? 0;
  let t: Cell[][] = Array.from({ length: width }, (_, c) => rows.map((r) => r[c] ?? cell(null)));
  // The old period column is the new header row: its dates become their period text.
  if (t[0]) t[0] = t[0].map((c, i) => (i > headerTop ? periodText(c) : c));
  // Header=N: the column naming each series (the old header row) goes.
  if (!a.header) t = dropColumn(t, headerTop);
  if (!a.dates) t = t.slice(1);
  const headRows = a.dates ? 1 : 0;
  const tWidth = t[0]?.length ?? 0;
  const widths = Array.from({ length: tWidth }, (_, c) => {
    let w = MIN_WIDTH;
    for (const row of t) w = Math.max(w, textWidth(row[c]?.v ?? null) + 2);
    return Math.min(w, MAX_WIDTH);
  });
  const columns: GridColumn[] = widths.map((w, c) => ({ width: w, role: c < headerTop ? 'label' : c === headerTop && a.header ? 'label' : 'value' }));
  const merges: Range[] = a.dates ? grid.merges.map((m) => ({ top: m.left, left: m.top, bottom: m.right, right: m.bottom })) : [];
  const provenance = grid.regions.provenance;
  const right = tWidth - 1;
  return {
    ...grid,
    rows: t.slice(0, headRows),
    body: { rowCount: t.length - headRows, columns: bodyOf(t.slice(headRows), tWidth) },
    columns,
    merges,
    rowHeights: {},
    frozenRows: headRows,
    frozenColumns: headerTop + (a.header ? 1 : 0),
    arrangement: a,
    regions: {
      ...(provenance ? { provenance: { top: 0, left: 0, bottom: t.length - 1, right: provenance.bottom } } : {}),
      header: { top: 0, left: headerTop, bottom: headRows - 1, right },
      data: { top: headRows, left: headerTop, bottom: t.length - 1, right },
    },
  };
}
