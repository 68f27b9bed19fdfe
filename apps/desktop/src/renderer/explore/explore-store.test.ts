/**
 * The Explore store's transitions over the desktop client on a fake bridge: what each control does
 * to what is shown, on which tab, what is sent to main, and what an export of the view holds.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError, type Series, type SeriesQuery } from '@econdata/core';
import { parseTransform, transformWords, type DerivedRequest } from '@econdata/analysis';
import { createDesktopApi } from '../../shared/client.ts';
import type { OperationName, RequestOf } from '../../shared/contract.ts';
import type { BridgeEvent, Envelope } from '../../shared/bridge.ts';
import type { BridgeTransport } from '../../shared/transports.ts';
import { gdp } from '../../../test/support/series.ts';
import { createExploreStore, exploreModel, type ExploreStore } from './explore-store.ts';

const q = (country: string, indicator = 'NY.GDP.MKTP.CD'): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year: 2019 });
const series = (query: SeriesQuery, transform = ''): Series => {
  const country = query.kind === 'indicator' ? query.country ?? '' : '';
  const s = gdp(country, country, ['2019', '2020'], [1, transform ? 2 : 3]);
  // As analysis names a transformed series: its words at the end of the title.
  return transform ? { ...s, title: `${s.title}, ${transformWords(parseTransform(transform))}`, provenance: { ...s.provenance, transform } } : s;
};
const ESTIMATE = { queries: 1, unique: 1, duplicates: 0, invalid: 0, cached: 0, requests: 1, batchRequests: 0, singleRequests: 1, minimumRequests: 1 };

/**
 * A fake bridge: 'XX' is a country the service has not; `requests` is what needs the cost preview;
 * `hold` keeps the next fetch unanswered until released; `down` fails every fetch as a whole.
 */
function fakeBridge() {
  const sent: Array<[OperationName, unknown]> = [];
  const listeners = new Set<(e: BridgeEvent) => void>();
  const bridge = { requests: 1, down: false, held: [] as Array<() => void> };
  const hold = (): void => { bridge.held.push(() => undefined); };
  const transport: BridgeTransport = {
    async call(name, request) {
      sent.push([name, request]);
      const answer = (value: unknown): Envelope<never> => ({ ok: true, value } as Envelope<never>);
      if (name === 'series.estimate') return answer({ ...ESTIMATE, requests: bridge.requests });
      if (name === 'jobs.cancel') return answer({ cancelled: true });
      if (bridge.held.length > 0) {
        bridge.held.pop();
        await new Promise<void>((resolve) => bridge.held.push(resolve));
      }
      if (bridge.down) return { ok: false, error: { name: 'ConnectionError', code: 'connection', retryable: true, message: 'The service did not answer.' } } as Envelope<never>;
      if (name === 'series.fetch') {
        const r = request as RequestOf<'series.fetch'>;
        return answer(r.queries.map((query) => (query.kind === 'indicator' && query.country === 'XX'
          ? { ok: false, error: new NotFoundError('No data for XX.').toJSON() }
          : { ok: true, series: series(query, r.transform ?? '') })));
      }
      if (name === 'series.derive') {
        const r = request as RequestOf<'series.derive'>;
        return answer(r.requests.map((d) => (d.operands.some((o) => o.query.kind === 'indicator' && o.query.country === 'XX')
          ? { ok: false, error: new NotFoundError('No data for XX.').toJSON() }
          : { ok: true, series: { ...series(d.operands[0]!.query), id: `derived:${d.expression}`, title: `derived ${d.expression}` } })));
      }
      throw new Error(`the fake bridge has no ${name}`);
    },
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const release = (): void => { bridge.held.shift()?.(); };
  return { api: createDesktopApi(transport), sent, bridge, hold, release };
}

/** Waits until the store is idle (no estimate, no job). */
async function settled(store: ExploreStore): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = store.get();
    if (!s.running && !s.estimating) return;
  }
  throw new Error('the store did not settle');
}

const fetches = (sent: Array<[OperationName, unknown]>): Array<RequestOf<'series.fetch'>> => sent.filter(([n]) => n === 'series.fetch').map(([, r]) => r as RequestOf<'series.fetch'>);
const model = (store: ExploreStore) => exploreModel(store.get());

describe('the Explore store', () => {
  it('starts empty with what to do first, the example on the indicators tab only', () => {
    const store = createExploreStore(fakeBridge().api);
    expect(model(store).empty).toEqual({ kind: 'choose', text: expect.stringMatching(/^Pick a source/) as unknown, example: true });
    store.setKind('trade');
    expect(model(store).empty).toMatchObject({ kind: 'choose', example: false });
  });

  it('estimates, fetches, shows the series with their failures, and exports only the series shown', async () => {
    const { api, sent } = fakeBridge();
    const store = createExploreStore(api);
    store.submit([q('VN'), q('XX'), q('TH')]);
    expect(model(store).busy).toBe(true);
    await settled(store);
    expect(sent.map(([n]) => n)).toEqual(['series.estimate', 'series.fetch']);
    const m = model(store);
    expect(m.shown!.series.map((s) => s.dimensions['country'])).toEqual(['VN', 'TH']);
    expect(m.shown!.title).toBe('GDP (current US$): VN, TH');
    expect(m.failures).toMatchObject({ total: 3, list: [{ query: q('XX') }] });
    expect(m.failures!.list[0]!.error).toBeInstanceOf(NotFoundError);
    // A file holds the two series shown, of their two queries: what its re-run fetches again.
    expect(m.shown!.exportOf).toEqual({ queries: [q('VN'), q('TH')], series: m.shown!.series, transform: '' });
    expect(m.empty).toBeNull();
  });

  it('waits for the cost preview\'s yes on a costly fetch; no sends nothing', async () => {
    const { api, sent, bridge } = fakeBridge();
    bridge.requests = 40;
    const store = createExploreStore(api);
    store.submit([q('VN')]);
    await settled(store);
    expect(model(store).pending?.estimate.requests).toBe(40);
    store.dismissPending();
    expect(fetches(sent)).toEqual([]);
    store.submit([q('VN')]);
    await settled(store);
    store.confirm();
    await settled(store);
    expect(model(store).pending).toBeNull();
    expect(fetches(sent).map((r) => r.queries)).toEqual([[q('VN')]]);
  });

  it('keeps each tab\'s series, progress and failures on that tab', async () => {
    const { api, hold, release } = fakeBridge();
    const store = createExploreStore(api);
    store.submit([q('VN'), q('XX')]);
    await settled(store);
    hold();
    store.setKind('stocks');
    expect(model(store)).toMatchObject({ shown: null, failures: null, empty: { kind: 'choose', example: false } });
    store.setKind('indicators');
    store.changeTransform('Units=pc1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model(store).progress).toMatchObject({ label: 'Fetching series…' });
    store.setKind('trade');
    expect(model(store).progress).toBeNull();
    store.setKind('indicators');
    release();
    await settled(store);
    expect(model(store).shown!.transform).toBe('Units=pc1');
    expect(model(store).shown!.title).toBe('GDP (current US$): VN, % change from a year ago');
  });

  it('keeps what is shown when a transform brings nothing, and clears it for a new query that brings nothing', async () => {
    const { api } = fakeBridge();
    const store = createExploreStore(api);
    store.submit([q('VN')]);
    await settled(store);
    store.changeTransform('Units=pch');
    await settled(store);
    expect(model(store).shown!.transform).toBe('Units=pch');
    // The fake has no XX: a transform change of an XX-only view is impossible, so ask a new query.
    store.submit([q('XX')]);
    await settled(store);
    expect(model(store)).toMatchObject({ shown: null, empty: null, failures: { total: 1 } });
  });

  it('shows a failed run\'s error on its tab, and Retry runs what failed (not the last run that worked)', async () => {
    const { api, sent, bridge } = fakeBridge();
    const store = createExploreStore(api);
    store.submit([q('VN')]);
    await settled(store);
    bridge.down = true;
    store.submit([q('TH')]);
    await settled(store);
    expect(model(store).error).toMatchObject({ code: 'connection' });
    expect(model(store).shown!.series[0]!.dimensions['country']).toBe('VN');
    bridge.down = false;
    store.retry();
    await settled(store);
    expect(fetches(sent).at(-1)!.queries).toEqual([q('TH')]);
    expect(model(store)).toMatchObject({ error: null, shown: { title: 'GDP (current US$): TH' } });
  });

  it('fetches what is shown again when the names\' language changes, not when it is first told', async () => {
    const { api, sent } = fakeBridge();
    const store = createExploreStore(api);
    store.namesIn('en');
    store.submit([q('VN')]);
    await settled(store);
    store.changeTransform('Units=pc1');
    await settled(store);
    store.namesIn('en');
    expect(fetches(sent)).toHaveLength(2);
    store.namesIn('vi');
    await settled(store);
    expect(fetches(sent).at(-1)).toMatchObject({ queries: [q('VN')], transform: 'Units=pc1' });
  });

  it('draws the original beside a seasonally adjusted series, and a file holds the adjusted one only', async () => {
    const { api, sent } = fakeBridge();
    const store = createExploreStore(api);
    store.submit([q('VN')]);
    await settled(store);
    store.changeTransform('SA=stl');
    await settled(store);
    store.showOriginal(true);
    await settled(store);
    expect(fetches(sent).slice(-2).map((r) => r.transform)).toEqual(['SA=stl', undefined]);
    const shown = model(store).shown!;
    expect(shown.original).toBe(true);
    expect(shown.series.map((s) => s.provenance.transform)).toEqual(['SA=stl', undefined]);
    expect(shown.exportOf.series.map((s) => s.provenance.transform)).toEqual(['SA=stl']);
  });

  it('derives series, fails a request alone, and exports the recipes of the series shown', async () => {
    const { api, sent } = fakeBridge();
    const store = createExploreStore(api);
    const recipe = (country: string): DerivedRequest => ({ expression: 'a/b', operands: [{ name: 'a', query: q(country) }, { name: 'b', query: q(country, 'SP.POP.TOTL') }] });
    store.openDerived();
    expect(model(store).deriving).toBe(true);
    store.closeDerived();
    store.submitDerived([recipe('VN'), recipe('XX')]);
    await settled(store);
    expect(sent.map(([n]) => n)).toEqual(['series.estimate', 'series.derive']);
    const m = model(store);
    expect(m.shown).toMatchObject({ derived: [recipe('VN'), recipe('XX')], title: 'derived a/b' });
    expect(m.shown!.queries).toBeUndefined();
    expect(m.shown!.original).toBeUndefined();
    expect(m.failures!.list).toMatchObject([{ query: q('XX'), expression: 'a/b' }]);
    expect(m.shown!.exportOf).toEqual({ queries: [q('VN'), q('VN', 'SP.POP.TOTL')], series: m.shown!.series, transform: '', derived: [recipe('VN')] });
    expect(m.deriveFrom).toBeUndefined();
  });

  it('fills the form with the example and fetches it; Cancel asks main to cancel the job', async () => {
    const { api, sent, hold } = fakeBridge();
    const store = createExploreStore(api);
    store.showExample();
    store.showExample();
    expect(store.get().filled?.seq).toBe(2);
    await settled(store);
    expect(fetches(sent)[0]!.queries.map((x) => (x.kind === 'indicator' ? x.country : ''))).toEqual(['VN', 'TH']);
    hold();
    store.changeTransform('Units=pc1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.cancel();
    expect(sent.at(-1)![0]).toBe('jobs.cancel');
  });
});
