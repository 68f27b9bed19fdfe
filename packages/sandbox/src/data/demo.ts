/**
 * The demo pack: small, generated, deterministic (a fixed seed), in the very layout of a data
 * folder, so it goes through the same loader. Every endpoint has something to serve; every
 * `metadata.source` and the startup banner say it is demo data. The numbers are invented.
 */
import { toCsv } from './csv.ts';
import type { DataFiles } from './files.ts';
import { mulberry32 } from '../random.ts';

const DEMO_LABEL = 'DEMO DATA (generated)';
const DEMO_UPDATED = '2025-01-31';
const SEED = 20250131;

type Row = Array<string | number | boolean>;

const COUNTRIES: Array<{ iso2: string; iso3: string; name: string; region: string; income: string; gdp: number; pop: number }> = [
  { iso2: 'VN', iso3: 'VNM', name: 'Vietnam', region: 'East Asia & Pacific', income: 'Lower middle income', gdp: 20e9, pop: 54e6 },
  { iso2: 'US', iso3: 'USA', name: 'United States', region: 'North America', income: 'High income', gdp: 2.9e12, pop: 227e6 },
  { iso2: 'CN', iso3: 'CHN', name: 'China', region: 'East Asia & Pacific', income: 'Upper middle income', gdp: 190e9, pop: 981e6 },
  { iso2: 'JP', iso3: 'JPN', name: 'Japan', region: 'East Asia & Pacific', income: 'High income', gdp: 1.1e12, pop: 117e6 },
  // Namibia's code is NA: the demo keeps it so a reader that treats NA as "missing" shows up.
  { iso2: 'NA', iso3: 'NAM', name: 'Namibia', region: 'Sub-Saharan Africa', income: 'Upper middle income', gdp: 2.2e9, pop: 1e6 },
];

/** The demo pack as a set of files. */
export function demoFiles(): DataFiles {
  const files = generate();
  return {
    label: DEMO_LABEL,
    demo: true,
    read: (name) => files.get(name),
    modified: (name) => (files.has(name) ? DEMO_UPDATED : undefined),
  };
}

function generate(): Map<string, string> {
  const rand = mulberry32(SEED);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const round = (x: number, digits: number) => Number(x.toFixed(digits));
  const files = new Map<string, string>();
  const put = (name: string, header: string[], rows: Row[]) => files.set(name, toCsv([header, ...rows]));

  put('countries.csv', ['iso2', 'iso3', 'name', 'wb_region', 'wb_income_group'],
    COUNTRIES.map((c) => [c.iso2, c.iso3, c.name, c.region, c.income]));
  put('wb_economies.csv', ['country_code', 'iso2_code', 'name', 'is_aggregate', 'region', 'income_group'], [
    ...COUNTRIES.map((c) => [c.iso3, c.iso2, c.name, 'false', c.region, c.income]),
    ['WLD', '1W', 'World', 'true', '', ''],
  ]);

  // World Bank: 1980-2024 for every country and the World aggregate.
  put('wb_wdi_indicators.csv', ['indicator_id', 'name', 'unit', 'source_note'], [
    ['NY.GDP.MKTP.CD', 'GDP (current US$)', 'current US$', 'Demo series: invented numbers.'],
    ['SP.POP.TOTL', 'Population, total', 'persons', 'Demo series: invented numbers.'],
    ['FP.CPI.TOTL.ZG', 'Inflation, consumer prices (annual %)', 'annual %', 'Demo series: invented numbers.'],
  ]);
  const wb: Row[] = [];
  const world = [...COUNTRIES, { iso3: 'WLD', gdp: 11e12, pop: 4.4e9 }];
  for (const c of world) {
    let gdp = c.gdp;
    let pop = c.pop;
    for (let year = 1980; year <= 2024; year++) {
      const inflation = between(0.5, 9);
      wb.push(['NY.GDP.MKTP.CD', c.iso3, year, Math.round(gdp)], ['SP.POP.TOTL', c.iso3, year, Math.round(pop)],
        ['FP.CPI.TOTL.ZG', c.iso3, year, round(inflation, 4)]);
      gdp *= 1 + between(-0.02, 0.1);
      pop *= 1 + between(0, 0.025);
    }
  }
  wb.sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])) || Number(a[2]) - Number(b[2]));
  put('wb_wdi_values.csv', ['indicator_id', 'country_code', 'year', 'value'], wb);

  // IMF: 2000-2030, projections after 2024 (Namibia without a last-actual year: flag empty).
  put('imf_weo_indicators.csv', ['indicator_id', 'name', 'unit'], [
    ['NGDP_RPCH', 'Gross domestic product (GDP), Constant prices, Percent change', 'Percent'],
    ['NGDPD', 'Gross domestic product (GDP), Current prices, US dollar', 'US dollar, billions'],
  ]);
  const imf: Row[] = [];
  for (const c of COUNTRIES) {
    let gdp = c.gdp / 1e9 * 3;
    for (let year = 2000; year <= 2030; year++) {
      const growth = between(-1, 8);
      const projection = c.iso2 === 'NA' ? '' : year > 2024;
      imf.push(['NGDP_RPCH', c.iso3, year, round(growth, 3), projection], ['NGDPD', c.iso3, year, round(gdp, 3), projection]);
      gdp *= 1 + growth / 100 + between(0, 0.03);
    }
  }
  put('imf_weo_values.csv', ['indicator_id', 'country_code', 'year', 'value', 'is_projection'], imf);

  // GSO: monthly CPI (headline and food) 2020-01 -> 2024-12, quarterly GDP 2020-Q1 -> 2024-Q4.
  const cpi: Row[] = [];
  for (let year = 2020; year <= 2024; year++) {
    const sums = [0, 0];
    for (let month = 1; month <= 12; month++) {
      const period = `${year}-${String(month).padStart(2, '0')}`;
      [['CPI', 'CHỈ SỐ GIÁ TIÊU DÙNG', 'Consumer price index (all items)'], ['CPI_FOOD_CATERING', 'Hàng ăn và dịch vụ ăn uống', 'Food and catering services']]
        .forEach(([code, vi, en], k) => {
          const yoy = round(between(1, 5), 2);
          sums[k]! += yoy;
          cpi.push([period, code!, vi!, en!, yoy, round(between(-0.5, 1), 2), round(sums[k]! / month, 2)]);
        });
    }
  }
  put('gso_vn_cpi_monthly.csv', ['period', 'item_code', 'item_vi', 'item_en', 'yoy_pct', 'mom_pct', 'ytd_avg_yoy_pct'], cpi);
  const gdp: Row[] = [];
  let level = 1_000_000;
  for (let year = 2020; year <= 2024; year++) {
    for (let q = 1; q <= 4; q++) {
      const yoy = round(between(2, 8), 2);
      level *= 1 + between(-0.05, 0.08);
      gdp.push([`${year}-Q${q}`, 'total_gdp', 'TỔNG SỐ', 'TOTAL GDP', round(level, 1), yoy]);
    }
  }
  put('gso_vn_gdp_quarterly.csv', ['period', 'sector_code', 'sector_vi', 'sector_en', 'value_bn_vnd_2010_prices', 'yoy_pct'], gdp);

  // Customs: 2023-01 -> 2024-12 export, import, balance.
  const customs: Row[] = [];
  for (let year = 2023; year <= 2024; year++) {
    const ytd = [0, 0];
    for (let month = 1; month <= 12; month++) {
      const period = `${year}-${String(month).padStart(2, '0')}`;
      const exp = round(between(25, 38), 2);
      const imp = round(between(24, 36), 2);
      ytd[0]! += exp;
      ytd[1]! += imp;
      customs.push([period, 'balance', round(exp - imp, 2), round(ytd[0]! - ytd[1]!, 2)],
        [period, 'export', exp, round(ytd[0]!, 2)], [period, 'import', imp, round(ytd[1]!, 2)]);
    }
  }
  put('vn_customs_trade_monthly.csv', ['period', 'flow', 'value_usd_bn', 'ytd_value_usd_bn'], customs);

  // Stocks and VNINDEX: every weekday of 2024.
  const days: string[] = [];
  for (let d = Date.UTC(2024, 0, 2); d <= Date.UTC(2024, 11, 31); d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) days.push(new Date(d).toISOString().slice(0, 10));
  }
  const bars = (code: string, start: number, volume: number, digits: number): Row[] => {
    let close = start;
    return days.map((date) => {
      const open = close * (1 + between(-0.01, 0.01));
      close = open * (1 + between(-0.02, 0.02));
      const high = Math.max(open, close) * (1 + between(0, 0.01));
      const low = Math.min(open, close) * (1 - between(0, 0.01));
      return [code, date, round(open, digits), round(high, digits), round(low, digits), round(close, digits), Math.round(volume * between(0.5, 1.5))];
    });
  };
  put('vn_stock_prices_daily.csv', ['symbol', 'date', 'open', 'high', 'low', 'close', 'volume'],
    [...bars('FPT', 90, 3e6, 2), ...bars('VNM', 68, 2e6, 2)]);
  put('vn_index_daily.csv', ['index_code', 'date', 'open', 'high', 'low', 'close', 'volume'], bars('VNINDEX', 1130, 5e8, 2));
  return files;
}
