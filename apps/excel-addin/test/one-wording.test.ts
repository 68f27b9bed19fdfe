// @vitest-environment happy-dom
/**
 * One wording per code, wherever it is shown. Every units code is rendered in both apps' transform
 * controls (the explorer's one-click bar and the fields both apps open: ui's TransformFields) and
 * reads as @econdata/analysis's label, and a transformed title carries its description. Every
 * error code is rendered in the explorer's error bar, in the taskpane's notice and in an ECON.*
 * cell, and each ends with @econdata/ui's one advice for that code.
 */
import { createElement, act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { applyTransform, TRANSFORM_WORDS, UNITS_CODES } from '@econdata/analysis';
import { ERROR_NAMES, errorFromJSON, InvalidParameterError, refusalSentence, type ErrorCode } from '@econdata/core';
import { indicatorFixture } from '@econdata/core/testing';
import { ERROR_ADVICE, ERROR_CODES, TransformFields } from '@econdata/ui';
import { AppError } from '../../desktop/src/renderer/app/AppError.tsx';
import { TransformBar } from '../../desktop/src/renderer/series/TransformBar.tsx';
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
