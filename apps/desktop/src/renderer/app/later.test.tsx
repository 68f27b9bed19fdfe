// @vitest-environment happy-dom
/**
 * Parts of the explorer loaded on first use (later.tsx): a part whose chunk has come renders in the
 * first commit, with no spinner and no Suspense hold-back (React delays a Suspense boundary's content
 * 300 ms after its fallback showed: the first chart came 0.4-0.6 s after its data); one still
 * loading shows a spinner until it comes; one that fails to load says so and loads again on Try again.
 */
import { act, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it } from 'vitest';
import { later } from './later.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

/** Every text the host showed, in order, as React committed it. */
function watchTexts(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const observer = new MutationObserver(() => texts.push(host.textContent ?? ''));
  observer.observe(host, { childList: true, subtree: true, characterData: true });
  return { texts, stop: () => observer.disconnect() };
}

function Part({ name }: { name: string }) {
  return <p>part for {name}</p>;
}

const render = (node: JSX.Element): Promise<void> => act(async () => root.render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>));

describe('later: parts loaded on first use', () => {
  it('renders a part already loaded in the first commit, never a spinner', async () => {
    let loads = 0;
    const Loaded = later(async () => { loads += 1; return Part; }, 'the part');
    await Loaded.preload();
    await Loaded.preload();
    const seen = watchTexts();
    await act(async () => root.render(<FluentProvider theme={webLightTheme}><Loaded name="GDP" /></FluentProvider>));
    seen.stop();
    expect(host.textContent).toBe('part for GDP');
    expect(seen.texts.filter((t) => t.includes('Loading'))).toEqual([]);
    expect(loads).toBe(1);
  });

  it('shows a spinner naming the part until its chunk comes, then the part', async () => {
    let arrive!: (part: typeof Part) => void;
    const Loaded = later(() => new Promise<typeof Part>((done) => { arrive = done; }), 'the part');
    await render(<Loaded name="CPI" />);
    expect(host.textContent).toBe('Loading the part…');
    await act(async () => arrive(Part));
    expect(host.textContent).toBe('part for CPI');
  });

  it('says when a part cannot be loaded, and loads it again on Try again', async () => {
    let loads = 0;
    const Loaded = later(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module: /assets/Part.js');
      return Part;
    }, 'the part');
    await render(<Loaded name="trade" />);
    expect(host.querySelector('[role=alert]')?.textContent).toBe('Could not load the part: Failed to fetch dynamically imported module: /assets/Part.js. Check that the explorer is still running, then Try again');
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    expect(loads).toBe(2);
    expect(host.textContent).toBe('part for trade');
  });
});
