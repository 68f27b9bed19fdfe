/** Data hooks over the EconDataApi of the nearest EconDataProvider. */
import type { Catalogue, CountryInfo, IndicatorInfo, LearnedNames, QuotaStatus, SourceInfo } from '@econdata/core';
import type { SearchEntry } from '../search/search-indicators.ts';
import { useEffect, useState } from 'react';
import type { EconDataApi } from './api.ts';
import { useEconData } from './provider.tsx';
import { useLoad, type LoadState } from './use-load.ts';

const noItems = (list: readonly unknown[]): boolean => list.length === 0;

/** The loads of each api that are running now, by what they load. */
const running = new WeakMap<EconDataApi, Map<string, Promise<unknown>>>();

/**
 * `load()`, shared by every caller that asks for the same `what` of the same api while it runs:
 * the explorer's first screen asks for the catalogue from four places and for the countries from
 * two at once, and each asking fetched, sent and parsed it again. Nothing is kept once it settles
 * (core's cache keeps the data). The load runs to its end for whoever still waits; `signal` aborts
 * only its own caller's wait, with the AbortError a cancelled fetch gives.
 */
function sharedLoad<T>(api: EconDataApi, what: string, load: () => Promise<T>, signal: AbortSignal): Promise<T> {
  let loads = running.get(api);
  if (!loads) running.set(api, (loads = new Map()));
  let shared = loads.get(what) as Promise<T> | undefined;
  if (!shared) {
    const mine = loads;
    shared = load().finally(() => mine.delete(what));
    loads.set(what, shared);
  }
  if (signal.aborted) return Promise.reject(new DOMException('The load was cancelled.', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(new DOMException('The load was cancelled.', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The service's sources (GET /sources). */
export function useSources(): LoadState<SourceInfo[]> {
  const api = useEconData();
  return useLoad('sources', async (signal) => (await sharedLoad(api, 'sources', () => api.listSources({}), signal)).data, noItems);
}

/** Options of useIndicators. */
export interface UseIndicatorsOptions {
  /** Wait this long after the last keystroke before asking the service (default 250 ms). */
  debounceMs?: number;
}

/**
 * A source's indicators, searched with `search` (debounced; a stale search is aborted).
 * Idle while `source` is undefined.
 */
export function useIndicators(source: string | undefined, search = '', options: UseIndicatorsOptions = {}): LoadState<IndicatorInfo[]> {
  const api = useEconData();
  const q = search.trim();
  const key = source === undefined || source === '' ? null : `${source}\u0000${q}`;
  return useLoad(key, async (signal) => {
    const query = q ? { source_code: source ?? '', q } : { source_code: source ?? '' };
    return (await api.listSourceIndicators(query, { signal })).data;
  }, noItems, q ? (options.debounceMs ?? 250) : 0, source ?? null);
}

/** Every country (GET /countries); search them locally with filterCountries. */
export function useCountries(): LoadState<CountryInfo[]> {
  const api = useEconData();
  return useLoad('countries', async (signal) => (await sharedLoad(api, 'countries', () => api.listCountries({}), signal)).data, noItems);
}

/** The quota status now, kept live through onQuotaChange; undefined when the client has no ledger. */
export function useQuota(): QuotaStatus | undefined {
  return useQuotaOf(useEconData());
}

/** useQuota over a given api (undefined: no status), for components that also work without a provider. */
export function useQuotaOf(api: EconDataApi | undefined): QuotaStatus | undefined {
  const [status, setStatus] = useState<QuotaStatus | undefined>(() => api?.quotaStatus());
  useEffect(() => {
    if (!api) return undefined;
    setStatus(api.quotaStatus());
    return api.onQuotaChange(setStatus);
  }, [api]);
  return api ? status : undefined;
}

/**
 * The catalogue with its indicators as one list for searchIndicators (built once per load).
 * @public Documented in the README for the apps' search screens, which do not call it yet.
 */
export interface CatalogueView {
  catalogue: Catalogue;
  /** Every indicator of every readable source, with its source code. */
  entries: SearchEntry[];
}

/**
 * Every source's indicators (core's catalogue: fetched once, kept until a source changes).
 * @public Documented in the README for the apps' search screens, which do not call it yet.
 */
export function useCatalogue(): LoadState<CatalogueView> {
  const api = useEconData();
  return useLoad('catalogue', async (signal) => {
    const catalogue = await sharedLoad(api, 'catalogue', () => api.catalogue({}), signal);
    return { catalogue, entries: catalogue.sources.flatMap((s) => s.indicators.map((i) => ({ ...i, source: s.source.code }))) };
  }, (view) => view.entries.length === 0);
}

/**
 * What the service has named so far (stock symbols, trade partners, "totals only"): read when a form
 * shows, and again on `reload()` (a field's focus), since every answer and refusal may teach more.
 */
export function useLearnedNames(): LoadState<LearnedNames> {
  const api = useEconData();
  return useLoad('learned-names', async () => api.learnedNames(), (n) => n.symbols.length === 0 && n.trade.partners.length === 0 && !n.trade.totalsOnly);
}
