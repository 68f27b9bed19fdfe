/**
 * The registered ECON.* functions called as Excel calls them (every declared argument, null where
 * omitted, then an invocation object), in one shared runtime connected to a sandbox over real HTTP.
 * For the functions' contract suites.
 */
import { IDBFactory } from 'fake-indexeddb';
import { EconDataClient, type PlanName } from '@econdata/core';
import { associateFunctions } from '../../src/functions/functions.ts';
import { createAddinRuntime, type RuntimeOptions } from '../../src/runtime/runtime.ts';
import { setRuntime } from '../../src/runtime/instance.ts';
import { MemoryStorage } from '../../src/runtime/storage.ts';

type Fn = (...args: unknown[]) => unknown;
const registered = new Map<string, Fn>();
associateFunctions((id, fn) => registered.set(id, fn as Fn));

/** A registered function by its id ('INDICATOR'). */
export const fn = (id: string): Fn => registered.get(id)!;

/** An invocation object like Excel's for a cancelable function at `address`. */
export function invocation(address: string, functionName = 'ECON.INDICATOR'): CustomFunctions.CancelableInvocation {
  return { address, functionName };
}

/** Calls a registered function and returns its result or the error it rejected with, as Excel would show it. */
export async function cell(id: string, address: string, ...args: unknown[]): Promise<unknown[][] | number | { code: string; message: string }> {
  try {
    const f = fn(id);
    const all = [...args, ...Array<null>(Math.max(0, f.length - 1 - args.length)).fill(null)];
    return (await f(...all, invocation(address, `ECON.${id}`))) as unknown[][];
  } catch (e) {
    const { code, message } = e as { code: string; message: string };
    return { code, message };
  }
}

/** A shared runtime connected to `url`, installed as the functions' runtime. */
export async function connected(url: string, plan: PlanName, key: string, extra: Partial<RuntimeOptions> = {}) {
  const options: RuntimeOptions = { storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false, maxRetries: 0, ...extra };
  const rt = createAddinRuntime(options);
  const outcome = await rt.connect({ baseURL: url, plan }, key);
  if (!outcome.ok) throw new Error(outcome.message);
  setRuntime(rt);
  return { rt, options };
}

/**
 * The first 10 World Bank indicators and the first 50 countries (no aggregates) the service at
 * `url` lists: the 500 pairs of a filled-down sheet, asked with `key` (the sandbox counts them).
 */
export async function fiveHundredPairs(url: string, key: string): Promise<{ indicators: string[]; countries: string[] }> {
  const direct = new EconDataClient({ baseURL: url, apiKey: key });
  const indicators = (await direct.listSourceIndicators({ source_code: 'WB' })).data.map((i) => i.code).slice(0, 10);
  const countries = (await direct.listCountries()).data.filter((c) => c.is_aggregate !== true).map((c) => c.code).slice(0, 50);
  return { indicators, countries };
}
