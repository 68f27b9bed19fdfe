// @vitest-environment happy-dom
/**
 * One wording per code, wherever it is shown. Every units code is rendered in both apps' transform
 * controls (the explorer's one-click bar and the fields both apps open: ui's TransformFields) and
 * reads as @econdata/analysis's label; a series shown under it is titled with its description in
 * the explorer's table, in the block the taskpane inserts and in an ECON.INDICATOR cell. Every
 * error code is rendered in the explorer's error bar, in the taskpane's notice and in an ECON.*
 * cell, and each ends with @econdata/ui's one advice for that code.
 */
import { createElement, act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { applyTransform, fetchShown, TRANSFORM_WORDS, UNITS_CODES } from '@econdata/analysis';
import { ERROR_NAMES, errorFromJSON, InvalidParameterError, refusalSentence, type ErrorCode, type Series, type SeriesQuery } from '@econdata/core';
import { indicatorFixture } from '@econdata/core/testing';
import { layoutSeries } from '@econdata/sheets';
import { ERROR_ADVICE, ERROR_CODES, TransformFields } from '@econdata/ui';
import { AppError } from '../../desktop/src/renderer/app/AppError.tsx';
import { SeriesTable } from '../../desktop/src/renderer/series/SeriesTable.tsx';
import { tableModel } from '../../desktop/src/renderer/series/table-model.ts';
import { TransformBar } from '../../desktop/src/renderer/series/TransformBar.tsx';
import type { AddinRuntime } from '../src/runtime/types.ts';
import { indicatorFormula } from '../src/functions/compute.ts';
import { excelError } from '../src/functions/errors.ts';
import { NoticeBar } from '../src/taskpane/NoticeBar.tsx';
import { errorSentence } from '../src/taskpane/messages.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The rendered element, inside Fluent's provider as both apps render it. */
function render(element: ReturnType<typeof createElement>): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(createElement(FluentProvider, { theme: webLightTheme }, element)));
  return host;
}

const texts = (host: HTMLElement, selector: string): string[] => [...host.querySelectorAll(selector)].map((e) => e.textContent ?? '');

describe('units codes: one label and one description each', () => {
  it('the explorer\'s one-click bar and the fields both apps show use analysis\'s label for every code', () => {
    const bar = render(createElement(TransformBar, { value: '', onChange: () => {}, shown: 'annual', native: 'annual', baseYear: '2000', busy: false }));
    const buttons = texts(bar, 'button');
    for (const code of ['lin', 'pch', 'pc1', 'pca', 'log'] as const) expect(buttons).toContain(TRANSFORM_WORDS.Units[code].label);
    act(() => root?.unmount());
    const fields = render(createElement(TransformFields, { value: '', onChange: () => {} }));
    const options = [...fields.querySelectorAll('option')].filter((o) => (UNITS_CODES as readonly string[]).includes(o.value));
    expect(options.map((o) => [o.value, o.textContent])).toEqual(UNITS_CODES.map((code) => [code, TRANSFORM_WORDS.Units[code].label]));
  });

  it('a transformed series\' title says the code\'s description', () => {
    const series = indicatorFixture({ query: { kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN' }, name: 'GDP', unit: 'US$', periods: ['2000', '2001', '2002'], values: [100, 110, 121] });
    for (const code of UNITS_CODES.filter((c) => c !== 'lin')) {
      expect(applyTransform(series, { units: code }).columns[0]!.label).toContain(`, ${TRANSFORM_WORDS.Units[code].description}`);
    }
  });
});

/** GDP of Viet Nam over the years a query asks for (1995 to 2005 unless it says), growing 10 % a year. */
function gdpAsked(query: SeriesQuery): Series {
  if (query.kind !== 'indicator') throw new Error(`an indicator query, not ${query.kind}`);
  const from = query.start_year ?? 1995;
  const to = query.end_year ?? 2005;
  const periods = Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  return indicatorFixture({ query, name: 'GDP', unit: 'US$', periods, values: periods.map((_, i) => 100 * 1.1 ** i) });
}

describe('units codes: one description in both apps and in a cell', () => {
  const query: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2005 };

  it.each(UNITS_CODES.filter((code) => code !== 'lin'))('%s', async (code) => {
    const words = `, ${TRANSFORM_WORDS.Units[code].description}`;
    // The series as both apps show it: the one path (fetchShown) over a fetch that answers every query.
    const [shown] = await fetchShown(async (queries) => queries.map((q) => ({ ok: true as const, series: gdpAsked(q) })), [query], `Units=${code}`);
    if (!shown?.ok) throw new Error(`not shown: ${String(shown?.error)}`);
    const explorer = texts(render(createElement(SeriesTable, { model: tableModel([shown.series]), label: 'GDP' })), '[role="columnheader"]');
    const block = layoutSeries([shown.series]);
    const taskpane = (block.rows[block.regions.header.top] ?? []).map((c) => String(c.v));
    const rt = { load: async (q: SeriesQuery) => gdpAsked(q), nameLanguage: async () => 'en' } as unknown as AddinRuntime;
    const cell = (await indicatorFormula(rt, ['WB', [['NY.GDP.MKTP.CD']], [['VN']], 2000, 2005, null, `Units=${code}`]))[0]!.map(String);
    for (const [where, headers] of [['explorer', explorer], ['taskpane', taskpane], ['cell', cell]] as const) {
      expect(headers.filter((h) => h.endsWith(words)), where).toHaveLength(1);
      // No other code's description in its place.
      for (const other of UNITS_CODES) {
        const description = TRANSFORM_WORDS.Units[other].description;
        if (other !== code && !TRANSFORM_WORDS.Units[code].description.includes(description)) expect(headers.join('|'), `${where} (${code})`).not.toContain(description);
      }
    }
  });
});

/** An error of each code as it crosses a runtime (its JSON revived); a refused value in core's own sentence. */
function errorOf(code: ErrorCode | 'unknown'): unknown {
  if (code === 'unknown') return new Error('boom');
  if (code === 'invalid_parameter') return new InvalidParameterError('country', refusalSentence('country', 'an ISO 2-letter country code such as "VN"', 'VNM'));
  return errorFromJSON({ name: ERROR_NAMES[code], code, message: 'what happened', retryable: false, status: 503, scope: 'minute', resetAt: '2026-11-22T14:05:00.000Z' });
}

describe('error codes: one advice each, in both apps and in a cell', () => {
  it.each([...ERROR_CODES, 'unknown' as const])('%s', (code) => {
    const advice = ERROR_ADVICE[code];
    const error = errorOf(code);
    const explorer = render(createElement(AppError, { error, context: { timeZone: 'UTC' } })).textContent ?? '';
    act(() => root?.unmount());
    const taskpane = render(createElement(NoticeBar, { notice: { intent: 'error', text: errorSentence(error, { timeZone: 'UTC' }) } })).textContent ?? '';
    const cell = excelError(error).message;
    for (const [where, text] of [['explorer', explorer], ['taskpane', taskpane], ['cell', cell]] as const) {
      expect(text, where).toContain(advice);
      // No other code's advice slips in beside it.
      for (const other of Object.values(ERROR_ADVICE)) if (other !== advice && !advice.includes(other)) expect(text, `${where} (${code})`).not.toContain(other);
    }
  });
});
