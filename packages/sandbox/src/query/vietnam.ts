/**
 * /trade/vietnam and /stocks/vietnam queries: parameter checks (400) and lookups (404 saying what exists).
 */
import { TRADE_FLOWS, type Dataset, type PriceBar, type TradeFlow } from '../data/model.ts';
import { dataNotFound, invalidParameter } from '../http/errors.ts';
import { codeValue, date, month, oneOf, shown, text, type Params } from '../http/params.ts';
import { lowerBound } from '../sorted.ts';

export interface TradeQuery {
  flow?: TradeFlow;
  partner?: string;
  hs_code?: string;
  period?: string;
}

export interface TradeRecord {
  period: string;
  flow: TradeFlow;
  partner: string;
  partner_name: string;
  hs_code: string;
  hs_description: string;
  value: number | null;
  ytd_value: number | null;
  unit: string;
}

export function readTradeQuery(params: Params): TradeQuery {
  const flow = oneOf(params, 'flow', TRADE_FLOWS);
  const partnerRaw = text(params, 'partner');
  let partner: string | undefined;
  if (partnerRaw !== undefined) {
    partner = partnerRaw.trim().toUpperCase();
    if (!/^([A-Z0-9]{2}|WLD)$/.test(partner)) throw invalidParameter('partner', `must be an ISO 2-letter country code such as CN, or WLD for all partners, got ${shown(partnerRaw)}`);
  }
  const hsRaw = text(params, 'hs_code');
  let hs: string | undefined;
  if (hsRaw !== undefined) {
    hs = hsRaw.trim().toUpperCase();
    if (!/^(\d{2}|\d{4}|\d{6}|TOTAL)$/.test(hs)) throw invalidParameter('hs_code', `must be an HS code of 2, 4 or 6 digits such as 85 or 8517, or TOTAL for all goods, got ${shown(hsRaw)}`);
  }
  const period = month(params, 'period');
  return { ...(flow ? { flow } : {}), ...(partner ? { partner } : {}), ...(hs ? { hs_code: hs } : {}), ...(period ? { period } : {}) };
}

export function tradeRecords(dataset: Dataset, q: TradeQuery): TradeRecord[] {
  const trade = dataset.trade;
  if (trade.rows.length === 0) throw dataNotFound('this sandbox\'s data folder has no customs trade data (vn_customs_trade_monthly.csv)');
  const partner = q.partner ?? 'WLD';
  const hs = q.hs_code ?? 'TOTAL';
  if (!trade.partners.has(partner)) {
    throw dataNotFound(trade.partners.size === 1
      ? `the customs data has totals only (partner WLD): no breakdown by partner, so nothing for partner "${partner}"`
      : `no customs data for partner "${partner}"; partners: ${[...trade.partners].sort().join(', ')}`);
  }
  if (!trade.hsCodes.has(hs)) {
    throw dataNotFound(trade.hsCodes.size === 1
      ? `the customs data has totals only (hs_code TOTAL): no breakdown by HS code, so nothing for hs_code "${hs}"`
      : `no customs data for hs_code "${hs}"; HS codes: ${[...trade.hsCodes].sort().slice(0, 50).join(', ')}`);
  }
  const out: TradeRecord[] = [];
  for (const r of trade.rows) {
    if (r.partner !== partner || r.hs_code !== hs) continue;
    if (q.flow && r.flow !== q.flow) continue;
    if (q.period && r.period !== q.period) continue;
    out.push({
      period: r.period, flow: r.flow,
      partner: r.partner, partner_name: r.partner === 'WLD' ? 'World' : dataset.countries.get(r.partner)?.name ?? r.partner,
      hs_code: r.hs_code, hs_description: dataset.hs.get(r.hs_code) ?? r.hs_code,
      value: r.value, ytd_value: r.ytd_value, unit: trade.unit,
    });
  }
  if (out.length === 0) {
    const first = trade.periods[0];
    const last = trade.periods[trade.periods.length - 1];
    const what = [q.flow, q.period].filter(Boolean).join(' in ') || 'this query';
    throw dataNotFound(`no customs data for ${what}; the data covers ${first} to ${last} with some months missing`);
  }
  return out;
}

/** The spec's index codes -> the codes of vn_index_daily.csv. */
const INDEX_CODES: Readonly<Record<string, string>> = {
  VNINDEX: 'VNINDEX', HNX: 'HNXINDEX', UPCOM: 'UPCOMINDEX', VN30: 'VN30', HNXINDEX: 'HNXINDEX', UPCOMINDEX: 'UPCOMINDEX',
};
export const INDEX_NAMES = ['VNINDEX', 'HNX', 'UPCOM', 'VN30'] as const;

export interface StockQuery {
  symbol?: string;
  index?: string;
  start_date?: string;
  end_date?: string;
}

export interface StockRecord extends PriceBar {
  symbol?: string;
  index?: string;
  unit: string;
}

export function readStockQuery(params: Params): StockQuery {
  // An empty parameter (a form's blank field: `symbol=&index=VNINDEX`) is an absent one.
  const symbolRaw = text(params, 'symbol')?.trim() || undefined;
  const indexRaw = text(params, 'index')?.trim() || undefined;
  if (symbolRaw === undefined && indexRaw === undefined) {
    throw invalidParameter('symbol', 'or index is required (a stock symbol such as VNM, or an index: VNINDEX, HNX, UPCOM, VN30)');
  }
  if (symbolRaw !== undefined && indexRaw !== undefined) throw invalidParameter('index', 'cannot be given together with symbol: ask for one of them');
  let index: string | undefined;
  if (indexRaw !== undefined) {
    index = indexRaw.trim().toUpperCase();
    if (!INDEX_CODES[index]) throw invalidParameter('index', `must be one of ${INDEX_NAMES.join(', ')}, got ${shown(indexRaw)}`);
  }
  const symbol = symbolRaw === undefined ? undefined : codeValue(symbolRaw, 'symbol', 'VNM');
  const start = date(params, 'start_date');
  const end = date(params, 'end_date');
  if (start && end && start > end) throw invalidParameter('start_date', `must not be after end_date (got start_date=${start}, end_date=${end})`);
  return { ...(symbol ? { symbol } : {}), ...(index ? { index } : {}), ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) };
}

export function stockRecords(dataset: Dataset, q: StockQuery): StockRecord[] {
  const { stocks, indices } = dataset.market;
  let bars: PriceBar[] | undefined;
  if (q.symbol) {
    bars = stocks.get(q.symbol);
    if (!bars) {
      const list = [...stocks.keys()].sort().join(', ');
      throw dataNotFound(`unknown symbol "${q.symbol}"; ${stocks.size} symbols: ${list || 'none'}`, 'symbol');
    }
  } else {
    bars = indices.get(INDEX_CODES[q.index!]!);
    if (!bars) throw dataNotFound(`no data for index ${q.index}; indices: ${[...indices.keys()].join(', ') || 'none'}`);
  }
  const from = q.start_date ? lowerBound(bars, (b) => b.date < q.start_date!) : 0;
  const to = q.end_date ? lowerBound(bars, (b) => b.date <= q.end_date!) : bars.length;
  if (from >= to) {
    throw dataNotFound(`no trading day for ${q.symbol ?? q.index} from ${q.start_date ?? 'the start'} to ${q.end_date ?? 'the end'}; the data runs ${bars[0]?.date} to ${bars[bars.length - 1]?.date}`);
  }
  const unit = q.symbol ? 'thousand VND' : 'points';
  const label = q.symbol ? { symbol: q.symbol } : { index: q.index! };
  return bars.slice(from, to).map((b) => ({ ...label, ...b, unit }));
}
