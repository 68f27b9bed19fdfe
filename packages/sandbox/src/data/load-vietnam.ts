/**
 * Vietnam customs trade (for /trade/vietnam), stock and index daily prices (for /stocks/vietnam)
 * and HS descriptions.
 */
import { DataError, DAY, MONTH, numberCell, patternCell, readTable, type DataFiles } from './files.ts';
import { sourceName } from './load-sources.ts';
import { TRADE_FLOWS, type MarketData, type PriceBar, type TradeData, type TradeFlow, type TradeObservation } from './model.ts';


/** The customs file's flows -> the wire's; `total_trade` is not a flow of the spec and is not served. */
const FLOWS: Readonly<Record<string, TradeFlow | null>> = {
  export: 'exports', exports: 'exports', import: 'imports', imports: 'imports', balance: 'balance', total_trade: null,
};

export function loadTrade(files: DataFiles): TradeData {
  const file = 'vn_customs_trade_monthly.csv';
  const trade: TradeData = {
    name: sourceName(files, 'General Department of Vietnam Customs, monthly merchandise trade'),
    last_updated: files.modified(file) ?? '', unit: 'USD billion', rows: [], partners: new Set(), hsCodes: new Set(), periods: [],
  };
  const t = readTable(files, file, ['period', 'flow', 'value_usd_bn']);
  if (!t) return trade;
  const [per, flo, val] = ['period', 'flow', 'value_usd_bn'].map((c) => t.col(c));
  const ytd = t.optional('ytd_value_usd_bn');
  // Optional breakdown columns: a folder with richer data carries them; totals are WLD / TOTAL.
  const partner = t.optional('partner');
  const hs = t.optional('hs_code');
  t.each((r, i) => {
    const raw = r[flo!]!;
    const flow = FLOWS[raw];
    if (flow === undefined) throw new DataError(`${file} row ${i}: unknown flow "${raw}" (export, import, balance, total_trade)`);
    if (flow === null) return;
    const row: TradeObservation = {
      period: patternCell(t, i, r[per!], MONTH, 'a month (YYYY-MM)'),
      flow,
      partner: (r[partner] || 'WLD').toUpperCase(),
      hs_code: (r[hs] || 'TOTAL').toUpperCase(),
      value: numberCell(t, i, r[val!]),
      ytd_value: numberCell(t, i, r[ytd]),
    };
    trade.rows.push(row);
    trade.partners.add(row.partner);
    trade.hsCodes.add(row.hs_code);
  });
  trade.rows.sort((a, b) =>
    a.period < b.period ? -1 : a.period > b.period ? 1 : TRADE_FLOWS.indexOf(a.flow) - TRADE_FLOWS.indexOf(b.flow)
      || compare(a.partner, b.partner) || compare(a.hs_code, b.hs_code));
  for (let i = 1; i < trade.rows.length; i++) {
    const [a, b] = [trade.rows[i - 1]!, trade.rows[i]!];
    if (a.period === b.period && a.flow === b.flow && a.partner === b.partner && a.hs_code === b.hs_code) {
      throw new DataError(`${file}: two rows for ${b.period} ${b.flow} (partner ${b.partner}, hs_code ${b.hs_code}): remove the duplicate row`);
    }
  }
  trade.periods = [...new Set(trade.rows.map((r) => r.period))];
  return trade;
}

export function loadMarket(files: DataFiles): MarketData {
  const stocksFile = 'vn_stock_prices_daily.csv';
  const indexFile = 'vn_index_daily.csv';
  const market: MarketData = {
    name: sourceName(files, 'Vietnam stock market daily prices (HOSE, HNX, UPCOM; stock prices adjusted for corporate actions)'),
    last_updated: [files.modified(stocksFile), files.modified(indexFile)].filter(Boolean).sort().pop() ?? '',
    stocks: readBars(files, stocksFile, 'symbol'),
    indices: readBars(files, indexFile, 'index_code'),
  };
  return market;
}

function readBars(files: DataFiles, file: string, keyColumn: string): Map<string, PriceBar[]> {
  const out = new Map<string, PriceBar[]>();
  const t = readTable(files, file, [keyColumn, 'date', 'open', 'high', 'low', 'close', 'volume']);
  if (!t) return out;
  const [key, date, open, high, low, close, volume] = [keyColumn, 'date', 'open', 'high', 'low', 'close', 'volume'].map((c) => t.col(c));
  let lastKey = '';
  let bars: PriceBar[] = [];
  t.each((r, i) => {
    const k = r[key!]!.toUpperCase();
    if (k !== lastKey) {
      lastKey = k;
      bars = out.get(k) ?? [];
      out.set(k, bars);
    }
    bars.push({
      date: patternCell(t, i, r[date!], DAY, 'a date (YYYY-MM-DD)'),
      open: numberCell(t, i, r[open!]), high: numberCell(t, i, r[high!]), low: numberCell(t, i, r[low!]),
      close: numberCell(t, i, r[close!]), volume: numberCell(t, i, r[volume!]),
    });
  });
  for (const [k, list] of out) {
    list.sort((a, b) => compare(a.date, b.date));
    for (let i = 1; i < list.length; i++) {
      if (list[i]!.date === list[i - 1]!.date) throw new DataError(`${file}: two rows for ${k} on ${list[i]!.date}: remove the duplicate row`);
    }
  }
  return out;
}

export function loadHsCodes(files: DataFiles): Map<string, string> {
  const out = new Map<string, string>([['TOTAL', 'All goods']]);
  const t = readTable(files, 'hs_codes.csv', ['hscode', 'description']);
  t?.each((r) => void out.set(r[t.col('hscode')]!.toUpperCase(), r[t.col('description')]!));
  out.set('TOTAL', 'All goods');
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
