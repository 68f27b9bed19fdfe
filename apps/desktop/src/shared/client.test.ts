/**
 * createDesktopApi over a scripted transport: errors revive as core's classes (or DesktopError),
 * series results carry EconError instances, a job's signal sends jobs.cancel, progress is filtered
 * by job id, and the synchronous quotaStatus() of the ui port answers what main last reported.
 */
import { describe, expect, it, vi } from 'vitest';
import { periodStarts } from '@econdata/analysis';
import { EconError, InvalidParameterError, NotFoundError, type Series } from '@econdata/core';
import type { OperationName } from './contract.ts';
import type { BridgeEvent, Envelope } from './bridge.ts';
import { createDesktopApi } from './client.ts';
import { webTransport, type BridgeTransport } from './transports.ts';
import { DesktopError } from './wire-error.ts';

const QUOTA = {
  plan: 'Pro', minute: { used: 1, limit: 300, remaining: 299, resetAt: '2026-11-22T10:01:00.000Z' },
  day: { used: 1, limit: 10000, remaining: 9999, resetAt: null }, exhausted: false, queued: { interactive: 0, background: 0 }, inFlight: 0, timeScale: 1,
};

function scripted(answer: (name: OperationName, request: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>) {
  const calls: Array<[OperationName, unknown]> = [];
  const listeners = new Set<(e: BridgeEvent) => void>();
  const transport: BridgeTransport = {
    call: async (name, request) => {
      calls.push([name, request]);
      return (await answer(name, request)) as never;
    },
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  return { transport, calls, emit: (e: BridgeEvent) => listeners.forEach((fn) => fn(e)), listeners };
}

describe('createDesktopApi', () => {
  it('rejects with core\'s class for data errors and DesktopError for the others', async () => {
    const t = scripted((name) => (name === 'library.open'
      ? { ok: false, error: { name: 'SheetsError', code: 'export_not_found', message: 'No saved export "x".' } }
      : { ok: false, error: new InvalidParameterError('plan', 'Invalid request: plan must be one of free, basic, pro, enterprise, got "gold".').toJSON() }));
    const api = createDesktopApi(t.transport);
    const refused = await api.profiles.create({ name: 'p', baseURL: 'https://x.example', plan: 'pro' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidParameterError);
    expect(refused).toMatchObject({ code: 'invalid_parameter', parameter: 'plan' });
    const missing = await api.library.open('x').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DesktopError);
    expect(missing).toMatchObject({ family: 'SheetsError', code: 'export_not_found', message: 'No saved export "x".' });
  });

  it('gives fetchSeries results with EconError instances, cancels through the signal and reports progress of its own job', async () => {
    let release: () => void = () => undefined;
    const t = scripted(async (name) => {
      if (name === 'series.fetch') {
        await new Promise<void>((resolve) => { release = resolve; });
        return { ok: true, value: [{ ok: false, error: new NotFoundError('Data not found: WB NY.GDP.MKTP.CD for ZZ').toJSON() }] };
      }
      return { ok: true, value: { cancelled: true } };
    });
    const api = createDesktopApi(t.transport);
    const controller = new AbortController();
    const progress = vi.fn();
    const job = api.fetchSeries([{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'ZZ' }], { signal: controller.signal, onProgress: progress, cache: 'no-store' });
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    const [, request] = t.calls[0]! as [string, { jobId: string; cache: string }];
    expect(request.cache).toBe('no-store');
    t.emit({ type: 'progress', jobId: 'someone-else', phase: 'fetching', loaded: 9, total: 9 });
    t.emit({ type: 'progress', jobId: request.jobId, phase: 'fetching', loaded: 0, total: 1 });
    controller.abort();
    expect(t.calls[1]).toEqual(['jobs.cancel', { jobId: request.jobId }]);
    release();
    const [result] = await job;
    expect(result?.ok).toBe(false);
    expect(result?.ok === false && result.error).toBeInstanceOf(EconError);
    expect(progress.mock.calls).toEqual([[{ phase: 'fetching', loaded: 0, total: 1 }]]);
    expect(t.listeners.size).toBe(0); // the job's listener is gone
  });

  it('answers quotaStatus() from main\'s last report, with Dates', async () => {
    const t = scripted(() => ({ ok: true, value: QUOTA }));
    const api = createDesktopApi(t.transport);
    expect(api.quotaStatus()).toBeUndefined();
    const seen = vi.fn();
    const stop = api.onQuotaChange(seen);
    await vi.waitFor(() => expect(api.quotaStatus()?.minute.resetAt).toEqual(new Date('2026-11-22T10:01:00.000Z')));
    t.emit({ type: 'quota', status: { ...QUOTA, day: { ...QUOTA.day, used: 2, remaining: 9998 } } });
    expect(api.quotaStatus()?.day.used).toBe(2);
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ day: expect.objectContaining({ used: 2 }) }));
    stop();
    expect(t.calls.filter(([name]) => name === 'quota.status')).toHaveLength(1);
  });

  it('passes main\'s checks of the service, and a broken event stream as the local server gone', async () => {
    const t = scripted((name) => (name === 'connection.check' ? { ok: true, value: { answered: true } } : { ok: true, value: null }));
    const api = createDesktopApi(t.transport);
    const seen: unknown[] = [];
    const stop = api.connection.onCheck((o) => seen.push(o));
    expect(await api.connection.check()).toEqual({ answered: true });
    expect(t.calls).toEqual([['connection.check', {}]]);
    t.emit({ type: 'reachability', outcome: { answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' } });
    t.emit({ type: 'quota', status: QUOTA as never });
    t.emit({ type: 'bridge_lost', message: 'gone' });
    stop();
    t.emit({ type: 'reachability', outcome: { answered: true } });
    expect(seen).toEqual([
      { answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' },
      { answered: false, who: 'local', message: 'gone' },
    ]);
  });

  it('web mode: an event stream that breaks is reported at once as bridge_lost', () => {
    const sources: Array<{ url: string; onmessage: ((m: MessageEvent<string>) => void) | null; onerror: (() => void) | null; close(): void }> = [];
    const transport = webTransport({
      baseUrl: 'http://127.0.0.1:5173', token: 't0k3n', fetch: (() => Promise.reject(new Error('unused'))) as typeof fetch,
      eventSource: (url) => { const s = { url, onmessage: null, onerror: null, close: () => undefined }; sources.push(s); return s as unknown as EventSource; },
    });
    const events: BridgeEvent[] = [];
    transport.subscribe((e) => events.push(e));
    expect(sources.map((s) => s.url)).toEqual(['http://127.0.0.1:5173/bridge/events?token=t0k3n']);
    sources[0]!.onmessage?.({ data: JSON.stringify({ type: 'reachability', outcome: { answered: true } }) } as MessageEvent<string>);
    sources[0]!.onerror?.();
    expect(events).toEqual([
      { type: 'reachability', outcome: { answered: true } },
      { type: 'bridge_lost', message: 'The explorer\'s local server did not answer. It may have been stopped: start it again with "bash scripts/start.sh" and reload this page.' },
    ]);
  });

  it('keeps the period starts main sends beside a series (Electron) for the chart, and reads them from the periods as the series arrives when JSON left them out (web mode)', async () => {
    const at = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
    const series = (): Series => ({
      id: 'indicator:GSO:RETAIL.TOTAL.VALUE', kind: 'indicator', title: 'Retail sales', frequency: 'quarterly', dimensions: { source: 'GSO' },
      columns: [{ key: 'value', label: 'Retail sales', unit: 'billion VND' }], periods: ['2016-Q4', '2017-Q1'], values: [[1, 2]],
      provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-28T00:00:00Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE' } },
    });
    const sent = Float64Array.of(at('2016-10-01'), at('2017-01-01'));
    const electron = createDesktopApi(scripted(() => ({ ok: true, value: [{ ok: true, series: series(), starts: sent }] })).transport);
    const [kept] = await electron.fetchSeries([{ kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE' }]);
    if (!kept?.ok) throw new Error('expected a series');
    expect(kept).toEqual({ ok: true, series: series() });
    expect(periodStarts(kept.series)).toBe(sent);
    // Over JSON the starts are gone (or would come as a plain object): read from the strings, exactly.
    const web = createDesktopApi(scripted(() => ({ ok: true, value: [{ ok: true, series: series(), starts: JSON.parse(JSON.stringify({ ...sent })) as unknown }] })).transport);
    const [read] = await web.fetchSeries([{ kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE' }]);
    if (!read?.ok) throw new Error('expected a series');
    // Read as it arrived, not when the chart asks: a period spoiled afterwards is never read.
    (read.series.periods as string[])[0] = 'spoiled';
    expect(periodStarts(read.series)).not.toBe(sent);
    expect([...periodStarts(read.series)]).toEqual([at('2016-10-01'), at('2017-01-01')]);
  });
});
