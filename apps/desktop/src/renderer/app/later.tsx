/**
 * What the explorer's first screen does not show, loaded the first time it is shown (issue 31: the
 * script parsed at start stays within 350 KB gzip; `pnpm bench desktop` prints it): the chart and
 * table view with its menus (derived series, export), the derived-series dialog, the library, the
 * watch's toggle and its changes dialog, and the connection view. Each is a chunk of its own; a spinner stands in while one loads. The series view
 * is also fetched once the first screen is idle (`preloadSeriesView`), so the first chart waits for
 * the service, not for its script.
 */
import { lazy, Suspense, type ComponentType, type JSX } from 'react';
import { Spinner } from '@fluentui/react-components';

/** A component from a module loaded on first render, with a spinner meanwhile. */
function later<P extends object>(load: () => Promise<ComponentType<P>>, label: string): (props: P) => JSX.Element {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function Later(props: P) {
    return <Suspense fallback={<Spinner size="small" label={label} />}><Loaded {...props} /></Suspense>;
  };
}

const seriesView = () => import('../series/SeriesView.tsx');

export const SeriesView = later(async () => (await seriesView()).SeriesView, 'Loading the chart…');
export const DerivedMenu = later(async () => (await import('../derived/DerivedMenu.tsx')).DerivedMenu, 'Loading…');
export const DerivedDialog = later(async () => (await import('../derived/DerivedMenu.tsx')).DerivedDialog, 'Loading…');
export const ExportMenu = later(async () => (await import('../exports/ExportMenu.tsx')).ExportMenu, 'Loading…');
export const LibraryView = later(async () => (await import('../library/LibraryView.tsx')).LibraryView, 'Loading the library…');
export const WatchChangesDialog = later(async () => (await import('../watch/WatchChanges.tsx')).WatchChangesDialog, 'Loading…');
export const WatchToggle = later(async () => (await import('../watch/WatchToggle.tsx')).WatchToggle, 'Loading…');
export const ConnectionView = later(async () => (await import('../connection/ConnectionView.tsx')).ConnectionView, 'Loading the connection…');

/** Fetches the series view's chunk when the page is idle (a failure is left to its first render). */
export function preloadSeriesView(): () => void {
  const start = (): void => void seriesView().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 200);
  return () => clearTimeout(id);
}
