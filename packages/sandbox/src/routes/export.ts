/**
 * GET /export/csv and GET /export/excel: the records of /indicators (default), /trade/vietnam
 * (`dataset=trade`) or /stocks/vietnam (`dataset=stocks`) as a file with a meaningful name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toCsv } from '../data/csv.ts';
import type { Dataset } from '../data/model.ts';
import { checkEntitlement, urlWithoutKey } from '../http/auth.ts';
import { oneOf, type Params } from '../http/params.ts';
import { planOf } from '../http/pipeline.ts';
import { errorResponses } from '../http/schemas.ts';
import { findSource, GSO_COUNTRY, indicatorRecords, readIndicatorQuery } from '../query/indicators.ts';
import { readStockQuery, readTradeQuery, stockRecords, tradeRecords } from '../query/vietnam.ts';
import { indicatorParams } from './indicators.ts';
import { stockParams, tradeParams } from './vietnam.ts';

type Cell = string | number | boolean | null;

interface ExportTable {
  /** File name without extension, e.g. `WB_NY.GDP.MKTP.CD_VN_2015-2020`. */
  name: string;
  columns: string[];
  rows: Cell[][];
  source: string;
  last_updated: string;
}

const DATASETS = ['indicators', 'trade', 'stocks'] as const;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Runs the query of the requested dataset and lays its records out as a table. */
function exportTable(dataset: Dataset, request: FastifyRequest): ExportTable {
  const params = request.query as Params;
  const kind = oneOf(params, 'dataset', DATASETS) ?? 'indicators';
  const plan = planOf(request);
  if (kind === 'trade') {
    const q = readTradeQuery(params);
    checkEntitlement(plan, 'trade');
    const records = tradeRecords(dataset, q);
    const span = q.period ?? `${records[0]!.period}_${records[records.length - 1]!.period}`;
    const breakdown = [q.partner && q.partner !== 'WLD' ? q.partner : '', q.hs_code && q.hs_code !== 'TOTAL' ? `HS${q.hs_code}` : ''].filter(Boolean);
    return table(`VN_customs_trade_${[q.flow ?? 'all', ...breakdown].join('_')}_${span}`, records, dataset.trade);
  }
  if (kind === 'stocks') {
    const q = readStockQuery(params);
    checkEntitlement(plan, 'stocks');
    const records = stockRecords(dataset, q);
    const what = q.symbol ? `stock_${q.symbol}` : `index_${q.index}`;
    return table(`VN_${what}_${records[0]!.date}_${records[records.length - 1]!.date}`, records, dataset.market);
  }
  const q = readIndicatorQuery(params);
  const src = findSource(dataset, q.source);
  checkEntitlement(plan, src.code);
  const country = q.country ?? GSO_COUNTRY;
  const records = indicatorRecords(dataset, src, { indicator: q.indicator, country, ...q.range, ...(q.frequency ? { frequency: q.frequency } : {}) });
  const years = `${records[0]!.year}-${records[records.length - 1]!.year}`;
  const frequency = records[0]!.period === undefined ? '' : records[0]!.period.includes('Q') ? '_quarterly' : '_monthly';
  return table(`${src.code}_${q.indicator}_${country}_${years}${frequency}`, records, src);
}

/** Columns = the fields the records have, in record order. */
function table(name: string, records: ReadonlyArray<object>, meta: { name: string; last_updated: string }): ExportTable {
  const columns: string[] = [];
  for (const r of records) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  const rows = records.map((r) => columns.map((c) => ((r as Record<string, Cell | undefined>)[c] ?? null)));
  return { name: name.replace(/[^A-Za-z0-9._-]+/g, '_'), columns, rows, source: meta.name, last_updated: meta.last_updated };
}

async function xlsx(t: ExportTable, query: string): Promise<Buffer> {
  // Loaded on the first Excel export: exceljs takes a few hundred ms to import, and start-up counts.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Econdata sandbox';
  const sheet = book.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(t.columns).font = { bold: true };
  for (const row of t.rows) sheet.addRow(row);
  t.columns.forEach((c, i) => {
    const longest = Math.max(c.length, ...t.rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, longest + 2));
  });
  const about = book.addWorksheet('About');
  about.addRows([['Source', t.source], ['Last updated', t.last_updated], ['Records', t.rows.length], ['Query', query]]);
  about.getColumn(1).font = { bold: true };
  about.getColumn(1).width = 14;
  about.getColumn(2).width = 80;
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function exportRoutes(app: FastifyInstance, dataset: Dataset): void {
  const querystring = {
    type: 'object',
    properties: {
      dataset: { type: 'string', enum: DATASETS, description: 'What to export: indicators (default; the /indicators parameters), trade (the /trade/vietnam parameters) or stocks (the /stocks/vietnam parameters).' },
      ...indicatorParams.properties,
      ...tradeParams,
      ...stockParams,
    },
  };
  const description = (format: string) =>
    `The records of /indicators (default), /trade/vietnam (dataset=trade) or /stocks/vietnam (dataset=stocks) as ${format}, `
    + 'with Content-Disposition: attachment; filename="<source>_<indicator>_<country>_<first>-<last>.<ext>" (e.g. WB_NY.GDP.MKTP.CD_VN_2015-2020.csv). '
    + 'Columns are the record fields. Same entitlements as the JSON endpoints; errors are JSON.';
  const contentDisposition = { 'Content-Disposition': { type: 'string', description: 'attachment; filename="..."' } };

  app.get('/export/csv', {
    schema: {
      tags: ['Exports'],
      summary: 'Export as CSV',
      description: description('CSV (RFC 4180, UTF-8, CRLF, header row)'),
      querystring,
      response: {
        200: { description: 'The CSV file.', content: { 'text/csv': { schema: { type: 'string' } } }, headers: contentDisposition },
        ...errorResponses({ description: 'Data not found: as for the JSON endpoint of the dataset.', example: 'Data not found: unknown WB indicator "NY.GDP.MKTP.XX"; GET /api/v1/sources/WB/indicators lists its 34 indicators' }),
      },
    },
  }, async (request, reply) => {
    const t = exportTable(dataset, request);
    return reply
      .type('text/csv; charset=utf-8; header=present')
      .header('content-disposition', `attachment; filename="${t.name}.csv"`)
      .send(toCsv([t.columns, ...t.rows]));
  });

  app.get('/export/excel', {
    schema: {
      tags: ['Exports'],
      summary: 'Export as Excel (XLSX)',
      description: description('an XLSX workbook (sheet Data with a header row and numbers as numbers; sheet About with the source)'),
      querystring,
      response: {
        200: { description: 'The XLSX workbook.', content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } }, headers: contentDisposition },
        ...errorResponses({ description: 'Data not found: as for the JSON endpoint of the dataset.', example: 'Data not found: unknown WB indicator "NY.GDP.MKTP.XX"; GET /api/v1/sources/WB/indicators lists its 34 indicators' }),
      },
    },
  }, async (request, reply) => {
    const t = exportTable(dataset, request);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${t.name}.xlsx"`)
      .send(await xlsx(t, urlWithoutKey(request.url)));
  });
}
