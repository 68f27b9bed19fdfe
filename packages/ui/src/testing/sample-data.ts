/**
 * Realistic sample values for the fake EconDataApi (gallery, tests, the apps' own tests): the shapes
 * the sandbox serves, a few real public figures (World Bank GDP of Viet Nam and Thailand), and
 * quota states of each plan.
 */
import type { CountryInfo, IndicatorInfo, QuotaStatus, SourceInfo } from '@econdata/core';

export const SAMPLE_SOURCES: SourceInfo[] = [
  { code: 'WB', name: 'World Bank, World Development Indicators', description: 'Annual series for economies and aggregates', frequencies: ['annual'], last_updated: '2026-11-20', indicator_count: 34 },
  { code: 'IMF', name: 'IMF, World Economic Outlook', description: 'Annual series; years after the last actual year are projections', frequencies: ['annual'], last_updated: '2026-10-14', indicator_count: 17 },
  { code: 'GSO', name: 'General Statistics Office of Viet Nam (GSO)', description: 'Viet Nam: consumer prices, industrial production, retail sales, trade, GDP', frequencies: ['monthly', 'quarterly', 'annual'], last_updated: '2026-11-06', indicator_count: 686 },
];

const wb = (code: string, name: string, unit: string, first: string, last = '2025'): IndicatorInfo => ({ code, name, unit, frequencies: ['annual'], first_period: first, last_period: last });

export const SAMPLE_INDICATORS: Record<string, IndicatorInfo[]> = {
  WB: [
    wb('NY.GDP.MKTP.CD', 'GDP (current US$)', 'current US$', '1960'),
    wb('NY.GDP.PCAP.CD', 'GDP per capita (current US$)', 'current US$', '1960'),
    wb('NY.GDP.MKTP.KD.ZG', 'GDP growth (annual %)', 'annual %', '1961'),
    wb('FP.CPI.TOTL.ZG', 'Inflation, consumer prices (annual %)', 'annual %', '1960', '2024'),
    wb('SP.POP.TOTL', 'Population, total', 'persons', '1960'),
    wb('NE.EXP.GNFS.ZS', 'Exports of goods and services (% of GDP)', '% of GDP', '1960', '2024'),
    wb('BX.KLT.DINV.CD.WD', 'Foreign direct investment, net inflows (BoP, current US$)', 'current US$', '1980', '2024'),
    wb('SL.UEM.TOTL.ZS', 'Unemployment, total (% of total labor force) (modeled ILO estimate)', '% of labor force', '1991', '2024'),
  ],
  IMF: [
    wb('NGDPD', 'Gross domestic product (GDP), Current prices, US dollar', 'US dollar, billions', '1980', '2030'),
    wb('NGDP_RPCH', 'Gross domestic product (GDP), Constant prices, Percent change', 'Percent', '1980', '2030'),
    wb('PCPIPCH', 'All Items, Consumer price index (CPI), Period average, percent change', 'Percent', '1980', '2030'),
    wb('BCA_NGDPD', 'Current account balance (credit less debit), Percent of GDP', 'Percent', '1980', '2030'),
    wb('GGXWDG_NGDP', 'General government gross debt, Percent of GDP', 'Percent', '1980', '2030'),
    wb('LUR', 'Unemployment rate', 'Percent', '1980', '2030'),
  ],
  GSO: [
    { code: 'CPI.TOTAL.YOY', name: 'Consumer prices: all items, change vs same month of previous year', name_vi: 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước', unit: 'percent', frequencies: ['monthly', 'annual'], first_period: '2014-01', last_period: '2025-02' },
    { code: 'CPI.TOTAL.MOM', name: 'Consumer prices: all items, change vs previous month', name_vi: 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với tháng trước', unit: 'percent', frequencies: ['monthly'], first_period: '2014-01', last_period: '2025-02' },
    { code: 'CPI.FOOD_CATERING.YOY', name: 'Consumer prices: food and catering services, change vs same month of previous year', unit: 'percent', frequencies: ['monthly'], first_period: '2014-01', last_period: '2025-02' },
    { code: 'GDP.TOTAL_GDP.VALUE', name: 'GDP at 2010 prices: total', unit: 'billion VND', frequencies: ['quarterly', 'annual'], first_period: '2014-Q1', last_period: '2024-Q4' },
    { code: 'GDP.TOTAL_GDP.YOY', name: 'GDP at 2010 prices: total, change vs same quarter of previous year', unit: 'percent', frequencies: ['quarterly'], first_period: '2014-Q1', last_period: '2024-Q4' },
    { code: 'IIP.TOTAL.YOY', name: 'Industrial production index: total, change vs same month of previous year', unit: 'percent', frequencies: ['monthly'], first_period: '2015-01', last_period: '2025-02' },
    { code: 'RETAIL.TOTAL.VALUE', name: 'Retail sales of goods and services: total', unit: 'billion VND', frequencies: ['monthly', 'annual'], first_period: '2015-01', last_period: '2025-02' },
    { code: 'TRADE.EXPORT.TOTAL.VALUE', name: 'Merchandise exports: total', unit: 'million US$', frequencies: ['monthly', 'annual'], first_period: '2015-01', last_period: '2025-02' },
  ],
};

const c = (code: string, iso3: string, name: string, region: string | null, income_group: string | null = null): CountryInfo => ({ code, iso3, name, region, income_group });

export const SAMPLE_COUNTRIES: CountryInfo[] = [
  c('VN', 'VNM', 'Viet Nam', 'East Asia & Pacific', 'Lower middle income'),
  c('TH', 'THA', 'Thailand', 'East Asia & Pacific', 'Upper middle income'),
  c('ID', 'IDN', 'Indonesia', 'East Asia & Pacific', 'Upper middle income'),
  c('MY', 'MYS', 'Malaysia', 'East Asia & Pacific', 'Upper middle income'),
  c('PH', 'PHL', 'Philippines', 'East Asia & Pacific', 'Lower middle income'),
  c('SG', 'SGP', 'Singapore', 'East Asia & Pacific', 'High income'),
  c('KH', 'KHM', 'Cambodia', 'East Asia & Pacific', 'Lower middle income'),
  c('LA', 'LAO', "Lao People's Democratic Republic", 'East Asia & Pacific', 'Lower middle income'),
  c('CN', 'CHN', 'China', 'East Asia & Pacific', 'Upper middle income'),
  c('JP', 'JPN', 'Japan', 'East Asia & Pacific', 'High income'),
  c('KR', 'KOR', 'Korea, Rep.', 'East Asia & Pacific', 'High income'),
  c('IN', 'IND', 'India', 'South Asia', 'Lower middle income'),
  c('US', 'USA', 'United States', 'North America', 'High income'),
  c('DE', 'DEU', 'Germany', 'Europe & Central Asia', 'High income'),
  c('FR', 'FRA', 'France', 'Europe & Central Asia', 'High income'),
  c('GB', 'GBR', 'United Kingdom', 'Europe & Central Asia', 'High income'),
  c('BR', 'BRA', 'Brazil', 'Latin America & Caribbean', 'Upper middle income'),
  c('NA', 'NAM', 'Namibia', 'Sub-Saharan Africa', 'Upper middle income'),
  c('ZA', 'ZAF', 'South Africa', 'Sub-Saharan Africa', 'Upper middle income'),
  c('1W', 'WLD', 'World', null),
];

/** World Bank GDP (current US$), 2018-2025, rounded to the dollar. */
export const SAMPLE_GDP: Record<string, Record<string, number>> = {
  VN: { 2018: 310106478395, 2019: 334365270497, 2020: 346615738538, 2021: 366474752771, 2022: 413445230669, 2023: 433805036898, 2024: 476324572784, 2025: 514697215165 },
  TH: { 2018: 506754208404, 2019: 543976691794, 2020: 500274927779, 2021: 506049783825, 2022: 495691837308, 2023: 517013369475, 2024: 529385520942, 2025: 577009981112 },
};

/** Options of sampleQuota. */
export interface SampleQuotaOptions {
  minuteUsed?: number;
  dayUsed?: number;
  queued?: { interactive: number; background: number };
  inFlight?: number;
  /** "Now", from which reset times are counted (default 2026-11-22T14:04:10Z). */
  now?: Date;
}

const PLAN_LIMITS = { free: [10, 100], basic: [60, 1000], pro: [300, 10000], enterprise: [null, null] } as const;

/** A quota status of a plan with the given usage; reset times follow from `now`. */
export function sampleQuota(plan: keyof typeof PLAN_LIMITS, options: SampleQuotaOptions = {}): QuotaStatus {
  const [minuteLimit, dayLimit] = PLAN_LIMITS[plan];
  const now = (options.now ?? new Date('2026-11-22T14:04:10Z')).getTime();
  const minuteUsed = options.minuteUsed ?? 0;
  const dayUsed = options.dayUsed ?? 0;
  const win = (used: number, limit: number | null, resetInMs: number) => ({
    used, limit, remaining: limit === null ? null : Math.max(0, limit - used), resetAt: limit === null || used === 0 ? null : new Date(now + resetInMs),
  });
  const day = win(dayUsed, dayLimit, 10 * 3600_000 - 4 * 60_000 - 10_000);
  return {
    plan: plan.charAt(0).toUpperCase() + plan.slice(1),
    minute: win(minuteUsed, minuteLimit, 50_000),
    day,
    exhausted: day.limit !== null && day.remaining === 0,
    queued: options.queued ?? { interactive: 0, background: 0 },
    inFlight: options.inFlight ?? 0,
    timeScale: 1,
  };
}
