// @vitest-environment happy-dom
/**
 * The one form dialog frame (export, chart image, shaded period): submit runs only when allowed,
 * and while busy nothing closes it.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it } from 'vitest';
import { FormDialog } from './FormDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Fluent's dialog animates; happy-dom's animations reject when cancelled. No animation (as Fluent
// handles a browser that returns none) keeps the run free of those rejections.
Element.prototype.animate = () => null as unknown as Animation;

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

const button = (name: string): HTMLButtonElement => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};

async function show(props: { busy?: boolean; submitDisabled?: boolean }): Promise<string[]> {
  const calls: string[] = [];
  await act(async () => root.render(
    <FluentProvider theme={webLightTheme}>
      <FormDialog open title="Save chart as image" onClose={() => calls.push('close')} onSubmit={() => calls.push('submit')} submitLabel="Save" {...props}>
        <p>fields</p>
      </FormDialog>
    </FluentProvider>,
  ));
  return calls;
}

describe('FormDialog', () => {
  it('shows the title and fields; submit and Close call back', async () => {
    const calls = await show({});
    expect(document.querySelector('[role="dialog"] h2')?.textContent).toBe('Save chart as image');
    expect(document.querySelector('[role="dialog"] form p')?.textContent).toBe('fields');
    await act(async () => button('Save').click());
    await act(async () => button('Close').click());
    expect(calls).toEqual(['submit', 'close']);
  });

  it('submits nothing while a field has a problem, and closes on nothing while busy', async () => {
    const refused = await show({ submitDisabled: true });
    await act(async () => { document.querySelector('form')?.requestSubmit(); });
    expect(refused).toEqual([]);
    expect(button('Save').disabled).toBe(true);
    const busy = await show({ busy: true });
    expect(button('Close').disabled).toBe(true);
    await act(async () => { document.querySelector('form')?.requestSubmit(); });
    await act(async () => { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })); });
    expect(busy).toEqual([]);
  });
});
