/**
 * Writes a sheets Grid into a worksheet as one formatted block: the provenance header, an Excel
 * table over the header row and the data, real dates and per-column number formats.
 *
 * Office.js sends everything queued before `context.sync()` as one request. A block whose payload
 * fits Excel's limit is written with a single sync (values, formats, table and binding together);
 * a larger one goes in chunks, a sync each, and the table and binding come with the last chunk.
 * Practices from Microsoft's performance guide: one `values` assignment per chunk, calculation
 * suspended until the sync, the table added after its values, formats set once per column.
 */
import type { Series } from '@econdata/core';
import { gridColumnCount, type Grid } from '@econdata/sheets';
import { bodyMatrix, CHUNK_PAYLOAD_BYTES, headMatrix, planChunks, rowFormats, type Chunk } from './block-matrix.ts';
import { saveBinding, type BlockBinding } from './bindings.ts';
import type { XContext, XRange, XValue } from './excel-api.ts';
import { queueForecastFills } from './forecasts.ts';
import { queueChart, type ChartPlace } from './chart.ts';

/** The table style of every block (banded rows, blue header: what Excel users expect of a table). */
export const TABLE_STYLE = 'TableStyleMedium2';
/** Fill of cells a refresh found revised. */
export const REVISED_FILL = '#FFEB9C';
/** Points per character of column width (Excel's default font). */
const POINTS_PER_CHAR = 6;

interface WriteProgress {
  /** Data rows written so far, and in all. */
  rowsDone: number;
  rowsTotal: number;
  chunk: number;
  chunks: number;
}

export interface WriteOptions {
  onProgress?: (p: WriteProgress) => void;
  /** Bytes per chunk (default: 80 % of Excel's 5 MB request limit). */
  chunkBytes?: number;
  /** Queued just before the last sync (a refresh's highlights ride on the same request). */
  beforeLastSync?: () => void;
}

export interface WriteResult {
  /** The block's range (provenance block to last data row), address loaded. */
  range: XRange;
  syncs: number;
  chunks: Chunk[];
}

/** The header row's texts made unique and non-empty, as Excel tables require. */
export function tableHeaders(row: XValue[]): XValue[] {
  const seen = new Map<string, number>();
  return row.map((v, c) => {
    const base = String(v === '' ? `Column ${c + 1}` : v);
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function queueHead(anchor: XRange, grid: Grid, width: number): void {
  const head = headMatrix(grid);
  const { top: headerIndex, left, right } = grid.regions.header;
  const header = head[headerIndex];
  // Only the table's own header cells (Dir=H: right of the provenance columns) need Excel's unique names.
  if (header) head[headerIndex] = [...header.slice(0, left), ...tableHeaders(header.slice(left, right + 1)), ...header.slice(right + 1)];
  if (head.length > 0) anchor.getResizedRange(head.length - 1, width - 1).values = head;
  const p = grid.regions.provenance;
  if (p) {
    const block = anchor.getOffsetRange(p.top, p.left).getResizedRange(p.bottom - p.top, p.right - p.left);
    block.format.font.color = '#404040';
    block.format.wrapText = false;
    // The labels: the first column of a provenance block above the table, the first row of one beside it (Dir=H).
    const across = grid.arrangement?.dir === 'H';
    anchor.getResizedRange(across ? 0 : p.bottom, across ? p.right : 0).format.font.bold = true;
    grid.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        if (cell.style === 'warning' && cell.v !== null) anchor.getOffsetRange(r, c).format.fill.color = '#FCE4D6';
      });
    });
  }
  grid.columns.forEach((col, c) => (anchor.getOffsetRange(0, c).format.columnWidth = col.width * POINTS_PER_CHAR));
}

function queueChunk(anchor: XRange, grid: Grid, chunk: Chunk, width: number): void {
  if (chunk.end <= chunk.start) return;
  const top = anchor.getOffsetRange(grid.rows.length + chunk.start, 0);
  top.getResizedRange(chunk.end - chunk.start - 1, width - 1).values = bodyMatrix(grid, chunk.start, chunk.end);
  for (const { column, formats } of rowFormats(grid, chunk.start, chunk.end)) {
    top.getOffsetRange(0, column).getResizedRange(chunk.end - chunk.start - 1, 0).numberFormat = formats;
  }
}

function queueFinish(context: XContext, anchor: XRange, grid: Grid, width: number, job: BlockJob): XRange {
  const binding = job.binding;
  const { top: headerTop, left, right } = grid.regions.header;
  const rows = Math.max(grid.body.rowCount, 1);
  const dataTop = anchor.getOffsetRange(headerTop + 1, 0);
  grid.body.columns.forEach((col, c) => {
    if (col.fmt !== undefined && !col.formats && grid.body.rowCount > 0) dataTop.getOffsetRange(0, c).getResizedRange(rows - 1, 0).numberFormat = col.fmt;
  });
  const tableRange = anchor.getOffsetRange(headerTop, left).getResizedRange(rows, right - left);
  const table = tableRange.worksheet.tables.add(tableRange, true);
  table.name = binding.table;
  table.style = TABLE_STYLE;
  // After the table: its style must not paint over the projection fills.
  queueForecastFills(dataTop, grid);
  if (job.chart) {
    const name = queueChart(anchor.getOffsetRange(headerTop, 0), grid, rows, binding.table, binding.title, job.series ?? [], job.chart === true ? undefined : job.chart);
    if (name) binding.chart = name;
    else delete binding.chart;
  }
  saveBinding(context.workbook.settings, binding);
  return anchor.getResizedRange(headerTop + rows, width - 1).load('address');
}

/** Whether Excel refused a request for its size (RichApi.Error RequestPayloadSizeLimitExceeded). */
function isPayloadTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'RequestPayloadSizeLimitExceeded';
}

/** Each step's chunk cut in two (the first half keeps the head, the second the finish); null when a chunk is one row. */
function splitSteps(request: readonly Step[]): Step[] | null {
  const out: Step[] = [];
  for (const step of request) {
    const rows = step.chunk.end - step.chunk.start;
    if (rows < 2 && request.length === 1) return null;
    if (rows < 2) {
      out.push(step);
      continue;
    }
    const mid = step.chunk.start + Math.floor(rows / 2);
    const half = Math.ceil(step.chunk.bytes / 2);
    out.push({ ...step, chunk: { start: step.chunk.start, end: mid, bytes: half }, last: false });
    out.push({ ...step, chunk: { start: mid, end: step.chunk.end, bytes: half }, index: step.index + 1 });
  }
  return out;
}

/** One block to write: where, what, and what to queue before its first and last chunk. */
export interface BlockJob {
  anchor: XRange;
  grid: Grid;
  binding: BlockBinding;
  /** Queued before the block's first values (a refresh clears the old block here). */
  before?: () => void;
  /** Queued after the block's last values (a refresh's highlights). */
  after?: () => void;
  /** A chart beside the block (true), or at a refreshed chart's old place; none when absent. */
  chart?: true | ChartPlace;
  /** The series laid out in `grid`: the chart's axis units and source line come from them. */
  series?: readonly Series[];
}

interface Step {
  job: number;
  chunk: Chunk;
  index: number;
  last: boolean;
}

/**
 * Writes blocks, each with its top-left cell at its anchor, and records their bindings. Chunks of
 * all blocks are packed in order into requests under the payload limit: blocks that fit together
 * share one sync, a large block takes one sync per chunk.
 * Each Grid must have at least one data row (an empty table cannot be told from a failed fetch).
 */
export async function writeBlocks(context: XContext, jobs: readonly BlockJob[], options: WriteOptions = {}): Promise<{ blocks: WriteResult[]; syncs: number }> {
  const limit = options.chunkBytes ?? CHUNK_PAYLOAD_BYTES;
  const plans = jobs.map((job) => planChunks(job.grid, limit));
  const steps: Step[] = plans.flatMap((chunks, job) => chunks.map((chunk, index) => ({ job, chunk, index, last: index === chunks.length - 1 })));
  const requests: Step[][] = [];
  let bytes = Infinity;
  for (const step of steps) {
    if (bytes + step.chunk.bytes > limit) {
      requests.push([]);
      bytes = 0;
    }
    requests[requests.length - 1]?.push(step);
    bytes += step.chunk.bytes;
  }
  const rowsTotal = jobs.reduce((s, j) => s + j.grid.body.rowCount, 0);
  const ranges: XRange[] = [];
  const syncsOf = jobs.map(() => 0);
  let rowsDone = 0;
  let syncs = 0;
  let done = 0;
  while (requests.length > 0) {
    const request = requests.shift() ?? [];
    context.workbook.application.suspendApiCalculationUntilNextSync();
    for (const step of request) {
      const job = jobs[step.job];
      if (!job) continue;
      const width = gridColumnCount(job.grid);
      if (step.index === 0) {
        job.before?.();
        queueHead(job.anchor, job.grid, width);
      }
      queueChunk(job.anchor, job.grid, step.chunk, width);
      if (step.last) {
        ranges[step.job] = queueFinish(context, job.anchor, job.grid, width, job);
        job.after?.();
      }
    }
    if (requests.length === 0) options.beforeLastSync?.();
    syncs += 1;
    try {
      await context.sync();
    } catch (error) {
      // Our estimate was short of what Excel counted: Excel applied nothing of this request, so
      // its chunks go again in halves (Microsoft's advice: retry with a smaller block).
      const halves = isPayloadTooLarge(error) ? splitSteps(request) : null;
      if (!halves) throw error;
      requests.unshift(...halves.map((step) => [step]));
      continue;
    }
    done += 1;
    for (const step of request) {
      syncsOf[step.job] = (syncsOf[step.job] ?? 0) + 1;
      rowsDone += step.chunk.end - step.chunk.start;
    }
    options.onProgress?.({ rowsDone, rowsTotal, chunk: done, chunks: done + requests.length });
  }
  const blocks = jobs.map((_, j) => {
    const range = ranges[j];
    if (!range) throw new Error('unreachable: every block has a last chunk');
    return { range, syncs: syncsOf[j] ?? 0, chunks: plans[j] ?? [] };
  });
  return { blocks, syncs };
}

