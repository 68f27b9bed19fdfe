// @vitest-environment happy-dom
/**
 * The saved exports table in a DOM (issue 28, item 6): the Query column says what was asked in
 * words (the series' names as the explorer names what it shows, the transform or recipe in words,
 * the periods asked), the requests themselves on hover; Re-run and Remove are labelled buttons.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { Provenance, SeriesQuery } from '@econdata/core';
import type { ManifestView } from '../../shared/contract.ts';
import { LibraryTable } from './LibraryTable.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
let root: ReturnType<typeof createRoot> | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

const growth = (country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country, start_year: 2010, end_year: 2023 });
const entry = (id: string, name: string, queries: SeriesQuery[], titles: string[], more: Partial<ManifestView> = {}): ManifestView => ({
  id, name, created_at: '2026-11-28T08:00:00.000Z', product_version: '0.1.0', format: 'xlsx', orientation: 'wide', data_file: `${id}.xlsx`, sha256: '0',
  queries, series: titles.map((title, i) => ({ id: `s${i}`, title, provenance: { query: queries[i] ?? queries[0] } as unknown as Provenance })), ...more,
});

function render(exports: ManifestView[], watch?: Parameters<typeof LibraryTable>[0]['watch']): void {
  root = createRoot(host);
  act(() => root!.render(
    <FluentProvider theme={webLightTheme}>
      <LibraryTable exports={exports} folder="/home/me/exports" busy={null} onOpen={() => undefined} onCompare={() => undefined} onRerun={() => undefined} onRemove={() => undefined} {...(watch ? { watch } : {})} />
    </FluentProvider>,
  ));
}
const row = (id: string): HTMLElement => host.querySelector(`[data-export-id="${id}"]`)!;
const query = (id: string): HTMLElement => row(id).querySelector('[data-testid="export-query"]')!;

describe('LibraryTable', () => {
  it('says what each export asked in words, with the requests on hover', () => {
    const gdpVN: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000 };
    const popVN: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2000 };
    render([
      entry('a', 'Growth', [growth('VN'), growth('TH')], ['GDP growth (annual %): Vietnam', 'GDP growth (annual %): Thailand']),
      entry('b', 'Growth of growth', [growth('VN')], ['GDP growth (annual %): Vietnam, 3-period moving average'], { transform: 'MA=3' }),
      entry('c', 'GDP per capita Viet Nam', [gdpVN, popVN], ['GDP (current US$): Vietnam, per capita'], {
        derived: [{ expression: 'a/b', operands: [{ name: 'a', query: gdpVN }, { name: 'b', query: popVN }], words: 'per capita', preset: 'per_capita' }],
      }),
      entry('d', 'A file', [], ['Exports']),
    ]);
    expect(query('a').textContent).toBe('GDP growth (annual %): Vietnam, Thailand, 2010–2023');
    expect(query('a').title).toBe('/indicators?source=WB&indicator=NY.GDP.MKTP.KD.ZG&country=VN&start_year=2010&end_year=2023\n/indicators?source=WB&indicator=NY.GDP.MKTP.KD.ZG&country=TH&start_year=2010&end_year=2023');
    expect(query('b').textContent).toBe('GDP growth (annual %): Vietnam, 3-period moving average, 2010–2023');
    expect(query('c').textContent).toBe('GDP (current US$): Vietnam, per capita, from 2000 (formula a/b)');
    expect(query('d').textContent).toBe('(no query: a file opened from disk)');
  });

  it('labels Open, Re-run and Remove with words, not icons alone (a file opened from disk has no re-run)', () => {
    render([entry('a', 'Growth', [growth('VN')], ['GDP growth (annual %): Vietnam']), entry('d', 'A file', [], ['Exports'])]);
    const labels = (id: string): string[] => [...row(id).querySelectorAll('button')].map((b) => b.textContent ?? '');
    expect(labels('a')).toEqual(['Open', 'Re-run', 'Remove']);
    expect(labels('d')).toEqual(['Open', 'Remove']);
  });

  it('with the watch: Watch on exports of queries (not derived, not files), Watching on watched ones; a click pins or unpins that export', () => {
    const calls: string[] = [];
    const gdpVN: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
    render([
      entry('a', 'Growth', [growth('VN')], ['GDP growth (annual %): Vietnam']),
      entry('b', 'Watched growth', [growth('TH')], ['GDP growth (annual %): Thailand']),
      entry('c', 'Per capita', [gdpVN], ['x'], { derived: [{ expression: 'a', operands: [{ name: 'a', query: gdpVN }] }] }),
      entry('d', 'A file', [], ['Exports']),
    ], { onWatch: (m) => calls.push(`watch ${m.id}`), onUnwatch: (m) => calls.push(`unwatch ${m.id}`), watched: (m) => m.id === 'b' });
    const labels = (id: string): string[] => [...row(id).querySelectorAll('button')].map((b) => b.textContent ?? '');
    expect(['a', 'b', 'c', 'd'].map(labels)).toEqual([['Open', 'Re-run', 'Watch', 'Remove'], ['Open', 'Re-run', 'Watching', 'Remove'], ['Open', 'Re-run', 'Remove'], ['Open', 'Remove']]);
    const button = (id: string, label: string) => [...row(id).querySelectorAll('button')].find((b) => b.textContent === label)!;
    act(() => button('a', 'Watch').click());
    act(() => button('b', 'Watching').click());
    expect(calls).toEqual(['watch a', 'unwatch b']);
  });
});
