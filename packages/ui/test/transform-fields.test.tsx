// @vitest-environment happy-dom
import './support/no-animations.ts';
import { parseTransform } from '@econdata/analysis';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frequency } from '@econdata/core';
import { EconThemeProvider, TransformFields } from '../src/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

function setup(value = '', frequency?: Frequency): { emitted: string[] } {
  const emitted: string[] = [];
  render(
    <EconThemeProvider>
      <TransformFields value={value} onChange={(t) => emitted.push(t)} {...(frequency ? { frequency } : {})} />
    </EconThemeProvider>,
  );
  return { emitted };
}

const change = (label: string, value: string): void => { fireEvent.change(screen.getByLabelText(label), { target: { value } }); };
const options = (label: string): string[] => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (o) => o.textContent ?? '');

describe('TransformFields', () => {
  it('emits the canonical text form for each choice, and says it in words', () => {
    const { emitted } = setup('', 'monthly');
    change('Show as', 'pc1');
    expect(emitted.at(-1)).toBe('Units=pc1');
    expect(screen.getByText('Shows: % change from a year ago')).toBeTruthy();
    change('Convert to', 'Q');
    change('Combine by', 'sum');
    change('Moving average', '4');
    change('Rebase to 100 at', '2015');
    change('Keep the last', '20');
    change('Periods', 'A');
    expect(emitted.at(-1)).toBe('Per=Q Agg=sum Units=pc1 MA=4 Rebase=2015 Type=A Points=20');
    expect(parseTransform(emitted.at(-1)!)).toEqual({ per: 'Q', agg: 'sum', units: 'pc1', ma: 4, rebase: '2015', type: 'A', points: 20 });
    expect(screen.getByText('Shows: quarterly sum, % change from a year ago, 4-period moving average, index, 2015 = 100, actuals only, last 20 periods')).toBeTruthy();
    expect(options('Periods')).toEqual(['Actuals and projections', 'Actuals only', 'Projections only']);
    change('Periods', 'AF');
    change('Show as', 'lin');
    change('Convert to', '');
    change('Moving average', '');
    change('Rebase to 100 at', '');
    change('Keep the last', '');
    expect(emitted.at(-1)).toBe('');
    expect(screen.getByText('Shows: the level, as published')).toBeTruthy();
  });

  it('offers the common units first, and only frequencies below the series\' own', () => {
    setup('', 'quarterly');
    expect(options('Show as').slice(0, 5)).toEqual(['Level', '% change', '% change from a year ago', 'Annualized % change', 'Natural log']);
    expect(options('Convert to')).toEqual(['As published', 'Annual']);
    cleanup();
    setup('', 'annual');
    expect(screen.queryByLabelText('Convert to')).toBeNull();
  });

  it('offers seasonal adjustment for monthly and quarterly series only, with its options', () => {
    const { emitted } = setup('', 'monthly');
    expect(options('Seasonal adjustment')).toEqual(['None', 'Seasonally adjusted', 'Seasonally adjusted, Tết removed']);
    change('Seasonal adjustment', 'tet');
    change('Show as', 'pch');
    expect(emitted.at(-1)).toBe('SA=tet Units=pch');
    expect(screen.getByText('Shows: seasonally adjusted, Tết removed, % change')).toBeTruthy();
    change('Tết windows', '7, 7');
    change('Seasonal smoother', '13');
    fireEvent.click(screen.getByLabelText('Robust to outliers (STL\'s robust fit)'));
    expect(emitted.at(-1)).toBe('SA=tet Seasonal=13 Robust=Y Tet=7,7 Units=pch');
    change('Seasonal smoother', '8');
    expect(screen.getByText(/^Invalid Seasonal "8": expected an odd whole number from 7 up/)).toBeTruthy();
    change('Seasonal smoother', '');
    change('Seasonal adjustment', 'stl');
    expect(emitted.at(-1)).toBe('SA=stl Robust=Y Units=pch');
    expect(screen.queryByLabelText('Tết windows')).toBeNull();
    change('Seasonal adjustment', '');
    expect(emitted.at(-1)).toBe('Units=pch');
    expect(screen.queryByLabelText('Seasonal smoother')).toBeNull();
    cleanup();
    setup('', 'quarterly');
    expect(options('Seasonal adjustment')).toHaveLength(3);
    cleanup();
    setup('', 'annual');
    expect(screen.queryByLabelText('Seasonal adjustment')).toBeNull();
    cleanup();
    setup('', 'daily');
    expect(screen.queryByLabelText('Seasonal adjustment')).toBeNull();
    change('Convert to', 'M');
    expect(options('Seasonal adjustment')).toHaveLength(3);
  });

  it('shows the engine\'s refusal beside the field and emits nothing until it is fixed', () => {
    const { emitted } = setup('Units=pch');
    expect((screen.getByLabelText('Show as') as HTMLSelectElement).value).toBe('pch');
    change('Moving average', '1');
    expect(emitted).toEqual([]);
    expect(screen.getByText('Invalid MA "1": expected a whole number from 2 to 60.')).toBeTruthy();
    change('Moving average', '12');
    expect(emitted).toEqual(['Units=pch MA=12']);
    expect(screen.queryByText('Invalid MA "1": expected a whole number from 2 to 60.')).toBeNull();
    change('Rebase to 100 at', '2015-13');
    expect(screen.getByText('Invalid Rebase "2015-13": expected a period such as 2015, 2015-Q1 or 2015-03.')).toBeTruthy();
    expect(emitted).toEqual(['Units=pch MA=12']);
  });

  it('reads a saved text back into the fields', () => {
    setup('per=a; units=PCA, ma=3', 'monthly');
    expect((screen.getByLabelText('Convert to') as HTMLSelectElement).value).toBe('A');
    expect((screen.getByLabelText('Show as') as HTMLSelectElement).value).toBe('pca');
    expect((screen.getByLabelText('Moving average') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Combine by') as HTMLSelectElement).value).toBe('');
  });
});
