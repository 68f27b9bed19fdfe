/**
 * The runtime's EconDataClient as @econdata/ui's EconDataApi port. Core's one-call-shape API (issue
 * 9: a query object, then options) satisfies the port as it is; this adapter also serves the
 * positional signatures of the core that predates it, so the taskpane works on both.
 */
import type { EconDataClient } from '@econdata/core';
import type { EconDataApi } from '@econdata/ui';

type Loose = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Whether this core's listSourceIndicators takes a query object (issue 9) or positional arguments. */
function takesQueryObject(client: EconDataClient): boolean {
  return !/^\s*(async\s+)?listSourceIndicators\s*\(\s*source_code\b/.test(String((client as unknown as Loose)['listSourceIndicators']));
}

/** Adapts `client` to the UI's data port (calls pass straight through). */
export function clientApi(client: EconDataClient): EconDataApi {
  const c = client as unknown as Loose;
  const call = (name: string, ...args: unknown[]): Promise<unknown> => {
    const fn = c[name];
    if (!fn) throw new Error(`This core client has no ${name}()`);
    return fn.apply(client, args);
  };
  const objectQueries = takesQueryObject(client);
  return {
    listSources: (query, options) => (objectQueries ? call('listSources', query ?? {}, options) : call('listSources', options)) as ReturnType<EconDataApi['listSources']>,
    listSourceIndicators: (query, options) =>
      (objectQueries
        ? call('listSourceIndicators', query, options)
        : call('listSourceIndicators', query.source_code, query.q === undefined ? {} : { q: query.q }, options)) as ReturnType<EconDataApi['listSourceIndicators']>,
    listCountries: (query, options) => (objectQueries ? call('listCountries', query ?? {}, options) : call('listCountries', options)) as ReturnType<EconDataApi['listCountries']>,
    fetchSeries: (queries, options) => client.fetchSeries(queries, options),
    estimate: (queries, options) => client.estimate(queries, options),
    quotaStatus: () => client.quotaStatus(),
    onQuotaChange: (fn) => client.onQuotaChange(fn),
  };
}
