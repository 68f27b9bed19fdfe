/// <reference types="custom-functions-runtime" />
/**
 * The ECON.* custom functions as Excel sees them. custom-functions-metadata reads the JSDoc below
 * at build time to write dist/functions.json (never written by hand); the namespace ECON is set in
 * the manifest. The work is in compute.ts; this file is the Office glue: invocation, cancel,
 * streaming, and failures as CustomFunctions.Error.
 *
 * Options (`Units=pc1 Dir=H`) may stand in any optional position after the required arguments
 * (args.ts's placeOptions), so the optional parameters a user may type them into are `any`, not
 * `number`: Excel would refuse the text before calling us.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- custom-functions-metadata reads `any[][]` as "one value or a range of any type"; `unknown` has no meaning to it */
import { getRuntime } from '../runtime/instance.ts';
import { NotConnectedError } from '../runtime/types.ts';
import { excelError, type ExcelErrorInfo } from './errors.ts';
import { FormulaError, indicatorFormula, quotaMatrix, stockFormula, tradeFormula, type CallContext } from './compute.ts';
import { derivedFormula } from './derived.ts';
import { valueFormula } from './value.ts';

/** Where Excel has no CustomFunctions (tests, the browser stand-in): the same shape as CustomFunctions.Error. */
export class CellError extends Error {
  override readonly name = 'CellError';
  constructor(readonly code: ExcelErrorInfo['code'], message: string) {
    super(message);
  }
}

/** The error object Excel shows for a failure: CustomFunctions.Error in Excel, a CellError elsewhere. */
function cellError(failure: unknown): CustomFunctions.Error {
  const f = failure instanceof FormulaError ? failure : new FormulaError(failure, undefined);
  const info = excelError(f.error, f.query);
  const cf = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
  if (cf?.Error) {
    const code = info.code === '#VALUE!' ? cf.ErrorCode.invalidValue : cf.ErrorCode.notAvailable;
    return new cf.Error(code, info.message);
  }
  // The same fields Excel reads (code, message); only the class differs outside Excel.
  return new CellError(info.code, info.message) as unknown as CustomFunctions.Error;
}

/** The cell's address and a signal that fires when Excel cancels the call (cell edited, recalculation restarted). */
function callContext(invocation: CustomFunctions.CancelableInvocation | undefined): CallContext {
  if (!invocation) return {};
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  return { ...(invocation.address ? { address: invocation.address } : {}), signal: controller.signal };
}

async function run(work: () => Promise<any[][]>): Promise<any[][]> {
  try {
    return await work();
  } catch (error) {
    throw cellError(error);
  }
}

/**
 * Indicator series with a header row, one row per period and one column per indicator x country.
 * @customfunction INDICATOR
 * @param source Source code: WB, IMF or GSO.
 * @param indicator Indicator code such as NY.GDP.MKTP.CD, or a range of codes (one column each).
 * @param country ISO 2-letter country code such as VN, or a range of codes (one column each); empty for GSO.
 * @param [start_year] First year, e.g. 2000.
 * @param [end_year] Last year, e.g. 2023.
 * @param [frequency] GSO only: monthly, quarterly or annual.
 * @param [options] Name=Value options: a transform (Units=pc1, Per=A, MA=4, Rebase=2015, Points=8) and the layout (Dir=H across, Sort=D newest first, Header=N, Dates=N).
 * @param [invocation] Invocation parameter.
 * @returns A header row, then one row per period.
 * @cancelable
 * @requiresAddress
 */
async function econIndicator(source: string, indicator: any[][], country: any[][], start_year?: any, end_year?: any, frequency?: string, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  const ctx = callContext(invocation);
  return run(() => indicatorFormula(getRuntime(), [source, indicator, country, start_year, end_year, frequency, options], ctx));
}

/**
 * One value of an indicator: a year, quarter, month or date, or the latest. Fills down: the cells of a column share batch requests.
 * @customfunction VALUE
 * @param source Source code: WB, IMF or GSO.
 * @param indicator Indicator code such as NY.GDP.MKTP.CD.
 * @param country ISO 2-letter country code such as VN; empty for GSO.
 * @param [period] A year (2023), a quarter (2024-Q1), a month (2024-03), a date cell, or empty / "latest" for the last value.
 * @param [options] Transform, e.g. Units=pc1 (% change from a year ago), Per=A, MA=4.
 * @param [invocation] Invocation parameter.
 * @returns The value, a number.
 * @cancelable
 * @requiresAddress
 */
async function econValue(source: string, indicator: any, country: any, period?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<number> {
  const ctx = callContext(invocation);
  try {
    return await valueFormula(getRuntime(), [source, indicator, country, period, options], ctx);
  } catch (error) {
    throw cellError(error);
  }
}

/**
 * Vietnam customs trade by month, with a header row: value and year-to-date value per flow.
 * @customfunction TRADE
 * @param [flow] exports, imports or balance; empty for all three.
 * @param [partner] Partner country (ISO 2-letter code), or WLD for all partners.
 * @param [hs_code] HS code, or TOTAL for all goods.
 * @param [period] One month, written 2024-03, or a range of months, written 2024-01:2024-06.
 * @param [options] Name=Value options: a transform (Units=pc1, Per=A for annual sums, MA=3) and the layout (Dir=H, Sort=D, Header=N, Dates=N).
 * @param [invocation] Invocation parameter.
 * @returns A header row, then one row per month.
 * @cancelable
 * @requiresAddress
 */
async function econTrade(flow?: string, partner?: string, hs_code?: string, period?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  const ctx = callContext(invocation);
  return run(() => tradeFormula(getRuntime(), [flow, partner, hs_code, period, options], ctx));
}

/**
 * Daily prices of Vietnamese stocks or indices, with a header row.
 * @customfunction STOCK
 * @param symbol_or_index Ticker such as VNM, or an index (VNINDEX, HNX, UPCOM), or a range of them (one column each).
 * @param [start_date] First day: 2024-03-01 or a date cell.
 * @param [end_date] Last day: 2024-03-31 or a date cell.
 * @param [field] open, high, low, close or volume; empty for all five (close for several tickers).
 * @param [options] Name=Value options: a transform (Per=M for month-end closes, Units=pch, MA=20) and the layout (Dir=H, Sort=D, Header=N, Dates=N).
 * @param [invocation] Invocation parameter.
 * @returns A header row, then one row per trading day.
 * @cancelable
 * @requiresAddress
 */
async function econStock(symbol_or_index: any[][], start_date?: any, end_date?: any, field?: string, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  const ctx = callContext(invocation);
  return run(() => stockFormula(getRuntime(), [symbol_or_index, start_date, end_date, field, options], ctx));
}

/**
 * A series computed from others: a formula over operands a, b, c ... (a/b*100), or a preset over one series (per_capita, share_of_gdp, real, usd).
 * @customfunction DERIVED
 * @param expression A formula over a, b, c ... such as a/b*100, or a preset: per_capita, share_of_gdp, real, usd.
 * @param operands The series a, b, c ... in order, one per cell of a range, each written like WB/NY.GDP.MKTP.CD/VN or GSO/CPI.MOM/monthly Level=pch.
 * @param [start_year] First year, e.g. 2000 (every operand).
 * @param [end_year] Last year, e.g. 2023 (every operand).
 * @param [options] Name=Value options: a transform of the result (Units=pc1) and the layout (Dir=H, Sort=D, Header=N, Dates=N).
 * @param [invocation] Invocation parameter.
 * @returns A header row, then one row per period.
 * @cancelable
 * @requiresAddress
 */
async function econDerived(expression: string, operands: any[][], start_year?: any, end_year?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  const ctx = callContext(invocation);
  return run(() => derivedFormula(getRuntime(), [expression, operands, start_year, end_year, options], ctx));
}

/**
 * Your request quota: used and left this minute and in the last 24 hours, and when room comes back. Updates by itself.
 * @customfunction QUOTA
 * @param invocation Invocation parameter.
 * @streaming
 */
function econQuota(invocation: CustomFunctions.StreamingInvocation<any[][]>): void {
  const rt = getRuntime();
  const show = (): void => {
    const status = rt.quotaStatus();
    if (status) invocation.setResult(quotaMatrix(status));
    else invocation.setResult(cellError(rt.status.problem ? new Error(rt.status.problem) : new NotConnectedError()));
  };
  const stopQuota = rt.onQuotaChange(show);
  const stopStatus = rt.onStatus(show);
  invocation.onCanceled = () => {
    stopQuota();
    stopStatus();
  };
  void rt.ready.then(show);
}

/** Excel's function ids (the `@customfunction` ids above) and their functions. */
export const FUNCTIONS = { INDICATOR: econIndicator, VALUE: econValue, TRADE: econTrade, STOCK: econStock, DERIVED: econDerived, QUOTA: econQuota } as const;

/** Registers every function with Excel (CustomFunctions.associate); tests pass their own `associate`. */
export function associateFunctions(associate: (id: string, fn: (...args: any[]) => unknown) => void): void {
  for (const [id, fn] of Object.entries(FUNCTIONS)) associate(id, fn as (...args: any[]) => unknown);
}
