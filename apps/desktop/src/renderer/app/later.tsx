/**
 * What the explorer's first screen does not show, loaded the first time it is shown (issue 31: the
 * script parsed at start stays within 350 KB gzip; `pnpm bench desktop` prints it): the chart and
 * table view with its menus (derived series, export, vintages, the watch's toggle), the
 * derived-series dialog, the library, the watch's changes dialog, and the connection view. Each is
 * a chunk of its own; a spinner stands in while one loads. The series view and its toolbar's menus
 * are also fetched once the first screen is idle (`preloadSeriesView`), so the first chart waits
 * for the service, not for its script.
 *
 * Not React.lazy with Suspense: React holds back the content of a Suspense boundary for 300 ms
 * after its fallback showed (so spinners do not flicker), and even a chunk already fetched suspends
 * a lazy component once, on its first render. The first chart, behind the series view and its four
 * menus, came 0.4-0.6 s after its data did. A part loaded here renders at once, in the same
 * commit as the data, once its chunk has come; before that, a spinner in its place.
 */
import { useEffect, useState, type ComponentType, type JSX } from 'react';
import { Button, Spinner, Text } from '@fluentui/react-components';

interface Part<P> {
  (props: P): JSX.Element;
  /** Fetches the part's chunk (once; again after a failure). */
  preload(): Promise<unknown>;
}

/** A component from a module loaded on first render (or preload), with a spinner meanwhile; `name` says what it is ("the chart"). */
export function later<P extends object>(load: () => Promise<ComponentType<P>>, name: string): Part<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a later render (Try again) fetches it anew
        throw error;
      },
    ));
  function Later(props: P): JSX.Element {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (loaded) return undefined;
      let live = true;
      start().then(() => live && setArrived(true), (error: unknown) => live && setFailure({ error }));
      return () => {
        live = false;
      };
    }, [attempt]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (failure) {
      const why = failure.error instanceof Error ? failure.error.message : String(failure.error);
      return (
        <Text role="alert">
          Could not load {name}: {why}. Check that the explorer is still running, then{' '}
          <Button size="small" onClick={() => { setFailure(null); setAttempt((n) => n + 1); }}>Try again</Button>
        </Text>
      );
    }
    return <Spinner size="small" label={`Loading ${name}…`} />;
  }
  Later.preload = start;
  return Later;
}

export const SeriesView = later(async () => (await import('../series/SeriesView.tsx')).SeriesView, 'the chart');
export const DerivedMenu = later(async () => (await import('../derived/DerivedMenu.tsx')).DerivedMenu, 'the derived series');
export const DerivedDialog = later(async () => (await import('../derived/DerivedMenu.tsx')).DerivedDialog, 'the derived series');
export const VintagesMenu = later(async () => (await import('../vintages/VintagesMenu.tsx')).VintagesMenu, 'the vintages');
export const ExportMenu = later(async () => (await import('../exports/ExportMenu.tsx')).ExportMenu, 'the export');
export const LibraryView = later(async () => (await import('../library/LibraryView.tsx')).LibraryView, 'the library');
export const WatchChangesDialog = later(async () => (await import('../watch/WatchChanges.tsx')).WatchChangesDialog, 'the changes');
export const WatchToggle = later(async () => (await import('../watch/WatchToggle.tsx')).WatchToggle, 'the watchlist');
export const ConnectionView = later(async () => (await import('../connection/ConnectionView.tsx')).ConnectionView, 'the connection');

/** Fetches the series view's chunk and its toolbar's when the page is idle (a failure is left to their first render). */
export function preloadSeriesView(): () => void {
  const start = (): void => {
    for (const part of [SeriesView, WatchToggle, VintagesMenu, DerivedMenu, ExportMenu]) void part.preload().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 200);
  return () => clearTimeout(id);
}
