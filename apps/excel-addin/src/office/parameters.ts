/**
 * Parameters in cells: "Insert as formulas" can write the query's arguments into a small labelled
 * block (Source, Indicator, Country, From, To, Frequency, Options; or Flow, Partner, HS code,
 * Period; or Symbol, From, To, Field) with the ECON formula below it referring to those cells, so
 * changing one cell re-queries the whole spill. The workbook remembers where the block is
 * (`econdata.params.<id>`): the Blocks tab reads the cells as they are now to describe and refresh it,
 * with the same argument readers the formulas use (src/functions/args.ts).
 */
import { formatTransform } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';
import { indicatorQueries, optionsArg, stockQueries, tradeQuery, type CellValue } from '../functions/args.ts';
import { columnIndex, columnName, splitAddress } from './a1.ts';
import type { ExcelHost, XContext, XValue } from './excel-api.ts';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';

/** Prefix of the workbook settings that record parameter blocks. */
export const PARAMS_SETTING_PREFIX = 'econdata.params.';
/** Fill of the cells the user is meant to change (Excel's "Input" cell style colour). */
export const INPUT_FILL = '#FFF2CC';

type Kind = SeriesQuery['kind'];

/** One labelled row: the label, then one or more values (several indicators or countries go across). */
interface ParamRow {
  label: string;
  values: XValue[];
}

/** What the document remembers of a parameter block. */
export interface ParameterBinding {
  id: string;
  kind: Kind;
  sheet: string;
  /** The label column's top cell and the block's size: 'B2', rows, columns (label column included). */
  at: string;
  rows: number;
  columns: number;
  /** The formula's cell ('B11') and text, re-entered on Refresh so Excel calculates it again. */
  formula: string;
  formulaAt: string;
  inserted_at: string;
  refreshed_at: string | null;
}

const FUNCTION: Record<Kind, string> = { indicator: 'INDICATOR', trade: 'TRADE', stock: 'STOCK' };

/** The rows for a set of queries of one kind (what the query builder submits) and its options text. */
function parameterRows(queries: readonly SeriesQuery[], options: string): ParamRow[] {
  const first = queries[0];
  if (!first) throw new Error('Nothing to insert: build a query first.');
  const distinct = (f: (q: SeriesQuery) => string | undefined): XValue[] => [...new Set(queries.map(f).filter((v): v is string => v !== undefined))];
  const opt = (v: string | number | undefined): XValue[] => [v ?? ''];
  switch (first.kind) {
    case 'indicator': {
      const q = first;
      return [
        { label: 'Source', values: [q.source] },
        { label: 'Indicator', values: distinct((x) => (x.kind === 'indicator' ? x.indicator : undefined)) },
        { label: 'Country', values: distinct((x) => (x.kind === 'indicator' ? (x.country ?? '') : undefined)) },
        { label: 'From', values: opt(q.start_year) },
        { label: 'To', values: opt(q.end_year) },
        { label: 'Frequency', values: opt(q.frequency) },
        { label: 'Options', values: [options] },
      ];
    }
    case 'trade':
      return [
        { label: 'Flow', values: opt(first.flow ?? 'exports') },
        { label: 'Partner', values: opt(first.partner) },
        { label: 'HS code', values: opt(first.hs_code) },
        { label: 'Period', values: opt(first.period) },
        { label: 'Options', values: [options] },
      ];
    case 'stock':
      return [
        { label: 'Symbol', values: distinct((x) => (x.kind === 'stock' ? (x.symbol ?? x.index) : undefined)) },
        { label: 'From', values: opt(first.start_date) },
        { label: 'To', values: opt(first.end_date) },
        { label: 'Field', values: [''] },
        { label: 'Options', values: [options] },
      ];
  }
}

/** The ECON formula over the block at `col`/`row` (zero-based label cell): each argument a reference to its row's value cells. */
function parameterFormula(kind: Kind, rows: readonly ParamRow[], row: number, col: number): string {
  const refs = rows.map((r, i) => {
    const cell = `${columnName(col + 1)}${row + i + 1}`;
    return r.values.length > 1 ? `${cell}:${columnName(col + r.values.length)}${row + i + 1}` : cell;
  });
  return `=${FUNCTIONS_NAMESPACE}.${FUNCTION[kind]}(${refs.join(',')})`;
}

/** Splits 'Sheet1!B2' (quotes allowed) into the sheet and zero-based row and column. */
function cellOf(address: string): { sheet: string; row: number; col: number } {
  const { sheet, cells } = splitAddress(address);
  const m = /^\$?([A-Z]+)\$?(\d+)/.exec(cells);
  if (!m) throw new Error(`unreachable: Excel gave the address ${address}`);
  return { sheet, row: Number(m[2]) - 1, col: columnIndex(m[1]!) };
}

/**
 * Writes the parameter block at the selection and the formula two rows below it (one sync to look
 * at the cells, one to write): never over the user's data.
 */
export async function insertParameterFormula(excel: ExcelHost, queries: readonly SeriesQuery[], options: string, now: Date = new Date()): Promise<{ binding: ParameterBinding; address: string; syncs: number }> {
  const first = queries[0];
  if (!first) throw new Error('Nothing to insert: build a query first.');
  const rows = parameterRows(queries, options);
  const width = 1 + Math.max(...rows.map((r) => r.values.length));
  return excel.run(async (context) => {
    const anchor = context.workbook.getSelectedRange().getCell(0, 0).load('address');
    const target = anchor.getResizedRange(rows.length + 1, width - 1).load('address');
    const used = target.getUsedRangeOrNullObject(true);
    used.load('address');
    await context.sync();
    if (!used.isNullObject) {
      throw new Error(`The parameters and their formula need ${target.address}, and ${used.address} already holds data. Select an empty cell with room below and to the right, then insert again.`);
    }
    const at = cellOf(anchor.address);
    const formula = parameterFormula(first.kind, rows, at.row, at.col);
    const formulaCell = anchor.getOffsetRange(rows.length + 1, 0);
    context.workbook.application.suspendApiCalculationUntilNextSync();
    rows.forEach((r, i) => {
      const line = anchor.getOffsetRange(i, 0).getResizedRange(0, r.values.length);
      // Text a cell would take for something else stays text (a code such as 2024-03 is not a date).
      line.values = [[r.label, ...r.values.map((v) => (typeof v === 'string' && /^[-+=\d]/.test(v) && !/^\d{4}$/.test(v) ? `'${v}` : v))]];
      line.getCell(0, 0).format.font.bold = true;
      line.getOffsetRange(0, 1).getResizedRange(0, -1).format.fill.color = INPUT_FILL;
    });
    formulaCell.formulas = [[formula]];
    const binding: ParameterBinding = {
      id: `${now.toISOString().replace(/\D/g, '').slice(0, 14)}${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0')}`,
      kind: first.kind, sheet: at.sheet, at: `${columnName(at.col)}${at.row + 1}`, rows: rows.length, columns: width,
      formula, formulaAt: `${columnName(at.col)}${at.row + rows.length + 2}`, inserted_at: now.toISOString(), refreshed_at: null,
    };
    context.workbook.settings.add(PARAMS_SETTING_PREFIX + binding.id, JSON.stringify(binding));
    const range = anchor.getResizedRange(rows.length + 1, width - 1).load('address');
    await context.sync();
    return { binding, address: range.address, syncs: 2 };
  });
}

/** A parameter block as its cells say now: the queries and options text the formula asks, or why they are refused. */
export interface ParameterState {
  binding: ParameterBinding;
  /** The cells' values, row by row (label first). */
  cells: XValue[][];
  queries: SeriesQuery[];
  /** The options cell as canonical text ('' for none). */
  transform: string;
  /** The formula's own refusal of these cells (the sentence its cell shows), when it refuses them. */
  problem?: string;
}

/** What the formula makes of the cells: the same readers as ECON.INDICATOR / TRADE / STOCK. */
function readParameters(binding: ParameterBinding, cells: XValue[][]): ParameterState {
  const row = (i: number): CellValue[] => (cells[i] ?? []).slice(1).map((v) => (v === '' ? null : v));
  const one = (i: number): CellValue => row(i)[0] ?? null;
  const many = (i: number): CellValue[][] => [row(i).filter((v) => v !== null)];
  try {
    const options = binding.kind === 'indicator' ? one(6) : one(4);
    const transform = formatTransform(optionsArg(options).transform);
    let queries: SeriesQuery[];
    if (binding.kind === 'indicator') queries = indicatorQueries(one(0), many(1), many(2), one(3), one(4), one(5));
    else if (binding.kind === 'trade') queries = [tradeQuery(one(0), one(1), one(2), one(3))];
    else queries = stockQueries(many(0), one(1), one(2), one(3)).queries;
    return { binding, cells, queries, transform };
  } catch (error) {
    return { binding, cells, queries: [], transform: '', problem: error instanceof Error ? error.message : String(error) };
  }
}

function parseParameterBinding(value: unknown): ParameterBinding | undefined {
  let raw = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch {
      return undefined; // not ours to read: listed nowhere rather than guessed at
    }
  }
  const b = raw as Partial<ParameterBinding> | null;
  if (!b || typeof b.id !== 'string' || typeof b.sheet !== 'string' || typeof b.at !== 'string' || typeof b.formula !== 'string' || typeof b.formulaAt !== 'string') return undefined;
  if (b.kind !== 'indicator' && b.kind !== 'trade' && b.kind !== 'stock') return undefined;
  if (typeof b.rows !== 'number' || typeof b.columns !== 'number') return undefined;
  return { id: b.id, kind: b.kind, sheet: b.sheet, at: b.at, rows: b.rows, columns: b.columns, formula: b.formula, formulaAt: b.formulaAt, inserted_at: typeof b.inserted_at === 'string' ? b.inserted_at : '', refreshed_at: typeof b.refreshed_at === 'string' ? b.refreshed_at : null };
}

/** Reads every parameter block the settings `items` name, as its cells are now (one sync). */
export async function readParameterBlocks(context: XContext, items: ReadonlyArray<{ key: string; value: unknown }>): Promise<ParameterState[]> {
  const bindings = items.filter((i) => i.key.startsWith(PARAMS_SETTING_PREFIX)).map((i) => parseParameterBinding(i.value)).filter((b): b is ParameterBinding => b !== undefined);
  if (bindings.length === 0) return [];
  const sheets = context.workbook.worksheets;
  const ranges = bindings.map((b) => sheets.getItem(b.sheet).getRange(b.at).getResizedRange(b.rows - 1, b.columns - 1).load('values'));
  await context.sync();
  return bindings.map((b, i) => readParameters(b, ranges[i]?.values ?? []));
}
