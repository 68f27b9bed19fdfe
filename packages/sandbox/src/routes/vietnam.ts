/**
 * GET /trade/vietnam (customs trade) and GET /stocks/vietnam (daily stock and index prices).
 * Pro and Enterprise plans only.
 */
import type { FastifyInstance } from 'fastify';
import { checkEntitlement } from '../http/auth.ts';
import type { Params } from '../http/params.ts';
import { planOf } from '../http/pipeline.ts';
import { envelope, errorResponses } from '../http/schemas.ts';
import { TRADE_FLOWS, type Dataset } from '../data/model.ts';
import { INDEX_NAMES, readStockQuery, readTradeQuery, stockRecords, tradeRecords } from '../query/vietnam.ts';

export const tradeParams = {
  flow: { type: 'string', enum: TRADE_FLOWS, description: 'exports, imports or balance (exports - imports). Default: all three.' },
  partner: { type: 'string', description: 'Partner: ISO 2-letter code, or WLD (all partners, the default). The customs data has totals only.', example: 'WLD' },
  hs_code: { type: 'string', description: 'HS code (2, 4 or 6 digits), or TOTAL (all goods, the default). The customs data has totals only.', example: 'TOTAL' },
  period: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'One month, YYYY-MM. Default: every month.', example: '2024-12' },
} as const;

export const stockParams = {
  symbol: { type: 'string', description: 'Stock symbol (e.g. VNM, FPT, VCB). Exactly one of symbol or index.', example: 'VNM' },
  index: { type: 'string', enum: INDEX_NAMES, description: 'Index: VNINDEX (HOSE), HNX, UPCOM, VN30. Exactly one of symbol or index.' },
  start_date: { type: 'string', format: 'date', description: 'First day, YYYY-MM-DD (inclusive).', example: '2024-01-01' },
  end_date: { type: 'string', format: 'date', description: 'Last day, YYYY-MM-DD (inclusive); not before start_date.', example: '2024-12-31' },
} as const;

export function vietnamRoutes(app: FastifyInstance, dataset: Dataset): void {
  app.get('/trade/vietnam', {
    schema: {
      tags: ['Vietnam'],
      summary: 'Vietnam customs trade',
      description: 'Monthly merchandise trade totals from Vietnam Customs, in USD billion. Pro and Enterprise plans.',
      querystring: { type: 'object', properties: tradeParams },
      response: {
        200: envelope('TradeRecord', 'Trade records sorted by period, then flow.'),
        ...errorResponses({
          description: 'Data not found: no month matches, or a partner / HS breakdown the data does not have.',
          example: 'Data not found: the customs data has totals only (partner WLD): no breakdown by partner, so nothing for partner "CN"',
        }),
      },
    },
  }, async (request) => {
    const q = readTradeQuery(request.query as Params);
    checkEntitlement(planOf(request), 'trade');
    const data = tradeRecords(dataset, q);
    return { success: true, data, metadata: { source: dataset.trade.name, last_updated: dataset.trade.last_updated, total_records: data.length } };
  });

  app.get('/stocks/vietnam', {
    schema: {
      tags: ['Vietnam'],
      summary: 'Vietnam stock and index daily prices',
      description: 'Daily open, high, low, close and volume of one stock (thousand VND, adjusted for corporate actions) or one index (points). Pro and Enterprise plans.',
      querystring: { type: 'object', properties: stockParams },
      response: {
        200: envelope('StockRecord', 'Daily records sorted by date.'),
        ...errorResponses({
          description: 'Data not found: unknown symbol, or no trading day in the range.',
          example: 'Data not found: no trading day for VNM from 2024-01-06 to 2024-01-07; the data runs 2019-09-26 to 2025-11-12',
        }),
      },
    },
  }, async (request) => {
    const q = readStockQuery(request.query as Params);
    checkEntitlement(planOf(request), 'stocks');
    const data = stockRecords(dataset, q);
    return { success: true, data, metadata: { source: dataset.market.name, last_updated: dataset.market.last_updated, total_records: data.length } };
  });
}
