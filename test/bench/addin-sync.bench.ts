/**
 * `pnpm bench addin-sync`: what one "Insert at selection" costs Excel. For blocks of 10, 1,000 and
 * 100,000 rows (VNM-like daily prices, 6 columns) and a wide 100,000-row block past the 5 MB
 * request limit (3 stocks, 16 columns), the writer runs against the in-page Excel stand-in, which
 * counts context.sync() calls and each request's payload bytes the way Excel's limit counts them
 * (arguments as JSON plus each call). Printed beside the targets:
 *   - syncs: at most 2 for a block under the limit (one look at the target cells, one write); above
 *     it, the look plus the minimum number of writes the limit allows
 *     (ceil(block payload / per-request budget));
 *   - bytes: every request under 5 MB, and the total against the baseline of the same run: the
 *     JSON of the block's values written as one matrix (what any writer must send at least).
 */
import { layoutSeries } from '@econdata/sheets';
import { bodyMatrix, CHUNK_PAYLOAD_BYTES, headMatrix } from '../../apps/excel-addin/src/office/block-matrix.ts';
import { EXCEL_PAYLOAD_LIMIT } from '../../apps/excel-addin/src/office/excel-api.ts';
import { insertBlock } from '../../apps/excel-addin/src/office/insert.ts';
import { WorkbookModel } from '../../apps/excel-addin/dev/standin/model.ts';
import { standinExcel } from '../../apps/excel-addin/dev/standin/standin-excel.ts';
import { stockSeries } from '../../apps/excel-addin/test/support/fixtures.ts';
import type { Series, SeriesQuery } from '@econdata/core';

const MB = 1024 * 1024;

interface Case {
  name: string;
  series: Series[];
  queries: SeriesQuery[];
}

function stocks(rows: number, count: number): Case {
  const symbols = ['VNM', 'FPT', 'ACB'].slice(0, count);
  const queries: SeriesQuery[] = symbols.map((symbol) => ({ kind: 'stock', symbol, start_date: '2024-03-01', end_date: '2024-03-05' }));
  const series = queries.map((q, i) => {
    const s = stockSeries(rows, q);
    return { ...s, dimensions: { symbol: symbols[i] ?? 'VNM' } };
  });
  return { name: `${rows.toLocaleString('en-US')} rows x ${1 + 5 * count} columns`, series, queries };
}

/** The JSON size of the block's values as one matrix: the least any writer sends. */
function baselineBytes(c: Case): number {
  const grid = layoutSeries(c.series);
  return JSON.stringify(headMatrix(grid)).length + JSON.stringify(bodyMatrix(grid, 0, grid.body.rowCount)).length;
}

const cases = [stocks(10, 1), stocks(1_000, 1), stocks(100_000, 1), stocks(100_000, 3)];
console.log(`Excel request payload limit ${EXCEL_PAYLOAD_LIMIT / MB} MB; the writer's per-request budget ${(CHUNK_PAYLOAD_BYTES / MB).toFixed(2)} MB`);
console.log('block                      | syncs | target       | requests (max MB) | total MB | vs values JSON | ms');
let failed = 0;
for (const c of cases) {
  const model = new WorkbookModel();
  const baseline = baselineBytes(c);
  const started = performance.now();
  await insertBlock(standinExcel(model), c.series, c.queries);
  const ms = performance.now() - started;
  const total = model.requests.reduce((a, b) => a + b, 0);
  const max = Math.max(...model.requests);
  const minimum = Math.max(1, Math.ceil(total / CHUNK_PAYLOAD_BYTES));
  const under = total <= CHUNK_PAYLOAD_BYTES;
  const target = under ? 'at most 2' : `1 + min ${minimum}`;
  const ok = (under ? model.syncs <= 2 : model.syncs <= minimum + 1) && max <= EXCEL_PAYLOAD_LIMIT;
  if (!ok) failed += 1;
  console.log(
    `${c.name.padEnd(26)} | ${String(model.syncs).padStart(5)} | ${target.padEnd(12)} | ${String(model.requests.length).padStart(3)} (${(max / MB).toFixed(2)})${' '.repeat(6)} | ${(total / MB).toFixed(3).padStart(8)} | ${(total / baseline).toFixed(3).padStart(14)}x | ${ms.toFixed(0).padStart(5)} ${ok ? '' : '  MISSED TARGET'}`,
  );
}
if (failed > 0) process.exitCode = 1;
