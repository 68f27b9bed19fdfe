// @vitest-environment happy-dom
/**
 * The transform control in a DOM: one click writes analysis's canonical text, the choice in use is
 * pressed, a lower frequency is offered only below the series' own, and the text in use is shown.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { Frequency } from '@econdata/core';
import { TransformBar } from './TransformBar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
let root: ReturnType<typeof createRoot> | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(value: string, native: Frequency | undefined, busy = false, originals: boolean[] = []): string[] {
  const seen: string[] = [];
  root = createRoot(host);
  act(() => root!.render(
    <FluentProvider theme={webLightTheme}>
      <TransformBar value={value} onChange={(t) => seen.push(t)} shown={native ?? 'annual'} native={native} baseYear="2000" busy={busy} original={{ on: false, onChange: (on) => originals.push(on) }} />
    </FluentProvider>,
  ));
  return seen;
}
const button = (name: string): HTMLButtonElement => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('TransformBar', () => {
  it('writes the canonical text of each one-click choice and shows the one in use pressed', () => {
    const seen = render('Units=pc1', 'annual');
    expect(button('% change from a year ago').getAttribute('aria-pressed')).toBe('true');
    expect(button('Level').getAttribute('aria-pressed')).toBe('false');
    expect(host.querySelector('[data-testid=transform-text]')?.textContent).toBe('Units=pc1');
    for (const name of ['Level', '% change', 'Annualized % change', 'Natural log', 'Index = 100', 'Moving average']) act(() => button(name).click());
    expect(seen).toEqual(['', 'Units=pch', 'Units=pca', 'Units=log', 'Rebase=2000', 'Units=pc1 MA=3']);
  });

  it('offers seasonal adjustment for monthly and quarterly series only, and the original beside it once chosen', () => {
    const originals: boolean[] = [];
    const seen = render('Units=pch', 'monthly', false, originals);
    expect(button('Seasonally adjusted').getAttribute('aria-pressed')).toBe('false');
    expect(host.textContent).not.toContain('With the original');
    act(() => button('Seasonally adjusted, Tết removed').click());
    expect(seen).toEqual(['SA=tet Units=pch']);
    act(() => root?.unmount());
    const again = render('SA=tet Tet=7,7 Units=pch', 'quarterly', false, originals);
    expect(button('Seasonally adjusted, Tết removed').getAttribute('aria-pressed')).toBe('true');
    act(() => button('Seasonally adjusted').click());
    act(() => button('Seasonally adjusted, Tết removed').click());
    expect(again).toEqual(['SA=stl Units=pch', 'Units=pch']);
    const box = host.querySelector('input[type=checkbox]') as HTMLInputElement;
    expect(box.closest('span,div')?.textContent).toContain('With the original');
    act(() => box.click());
    expect(originals).toEqual([true]);
    act(() => root?.unmount());
    render('', 'annual');
    expect(button('Seasonally adjusted')).toBeUndefined();
  });

  it('offers conversion only below the series\' own frequency, and nothing while busy', () => {
    const seen = render('', 'monthly');
    const select = host.querySelector('select')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['As published', 'Quarterly', 'Annual']);
    act(() => {
      select.value = 'annual';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(seen).toEqual(['Per=A']);
    expect(host.querySelector('[data-testid=transform-text]')).toBeNull();
    act(() => root?.unmount());
    render('', 'annual', true);
    expect(host.querySelector('select')).toBeNull();
    expect(button('% change').disabled).toBe(true);
  });
});
