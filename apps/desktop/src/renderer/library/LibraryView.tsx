/**
 * Saved exports: the library's list (name, query, format, saved at, series), opened as a table and
 * chart, two exports of the same query compared (revised values highlighted), and files the user
 * already has opened too. Everything here reads local files in main: it works with the network gone.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, ArrowLeft20Regular, FolderOpen24Regular } from '@fluentui/react-icons';
import { EmptyState, ProgressPanel } from '@econdata/ui';
import type { CompareResult, LibraryList, ManifestView, OpenedExportView, OpenedFile } from '../../shared/contract.ts';
import { reviveError } from '../../shared/wire-error.ts';
import { useSession } from '../app/session.tsx';
import { useJob } from '../app/use-job.ts';
import { CompareView } from './CompareView.tsx';
import { LibraryTable } from './LibraryTable.tsx';
import { OpenFileButton } from './OpenFileButton.tsx';
import { OpenedExport, OpenedView } from './OpenedView.tsx';
import { AppError } from '../app/AppError.tsx';
import { watchKey } from '@econdata/sheets';
import { useWatch } from '../watch/use-watch.ts';
import { WatchedList } from '../watch/WatchedList.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, height: '100%', boxSizing: 'border-box' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, flex: 1, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  // Scrolls when the view is taller than the window (provenance opened below the table).
  detail: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, overflowY: 'auto', '& > *': { flexShrink: 0 } },
  back: { alignSelf: 'flex-start' },
  crumb: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3 },
});

type Detail =
  | { kind: 'opened'; view: OpenedExportView }
  | { kind: 'file'; file: OpenedFile }
  | { kind: 'compare'; result: CompareResult };

/** The Saved exports view. */
export function LibraryView() {
  const styles = useStyles();
  const { client } = useSession();
  const [list, setList] = useState<LibraryList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rerun = useJob<CompareResult>();
  const [tab, setTab] = useState<'exports' | 'watched'>('exports');
  const watch = useWatch().state;
  const watchedKeys = new Set(watch?.entries.map((e) => e.key));
  const keysOf = (m: ManifestView): string[] => (watch === null ? [] : m.series.map((s) => watchKey(watch.profile, s.provenance.query, m.transform || undefined)));
  const isWatched = (m: ManifestView): boolean => watch !== null && keysOf(m).every((k) => watchedKeys.has(k));

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setList(await client.library.list());
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [client]);
  useEffect(() => { void load(); }, [load]);
  // An export saved elsewhere in the app shows up when the user comes here.
  useEffect(() => client.onEvent((e) => { if (e.type === 'session') void load(); }), [client, load]);

  const act = async (label: string, work: () => Promise<Detail>): Promise<void> => {
    setBusy(label);
    setActionError(null);
    try {
      setDetail(await work());
    } catch (e) {
      setActionError(e);
    } finally {
      setBusy(null);
    }
  };

  // A re-run is asked for to see what the source revised: it ends on the comparison with the original.
  const rerunAndCompare = async (m: ManifestView): Promise<void> => {
    setActionError(null);
    const result = await rerun.run(async (options) => {
      const again = await client.library.rerun(m.id, options);
      return client.library.compare(m.id, again.id);
    });
    void load();
    if (result) setDetail({ kind: 'compare', result });
  };

  const remove = async (m: ManifestView): Promise<void> => {
    setActionError(null);
    setNotice(null);
    try {
      const { kept } = await client.library.remove(m.id);
      const id = m.id;
      if (kept !== undefined) setNotice(`Removed "${m.name}". Its manifest named ${kept} as its data, which is not this export's own file (it may be another export's), so that file was left in the library folder.`);
      if (detail?.kind === 'opened' && detail.view.manifest.id === id) setDetail(null);
      await load();
    } catch (e) {
      setActionError(e);
    }
  };

  if (detail) {
    // An opened export or a comparison gets the whole view: the table and chart need the height.
    return (
      <div className={styles.root}>
        <div className={styles.head}>
          <Button className={styles.back} appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => setDetail(null)}>Back to Saved exports</Button>
          <h1 className={styles.crumb}>{detail.kind === 'compare' ? 'Saved exports › Compare' : detail.kind === 'file' ? 'Saved exports › Opened file' : 'Saved exports › Opened export'}</h1>
        </div>
        <div className={styles.detail}>
          {detail.kind === 'opened' ? <OpenedExport view={detail.view} /> : null}
          {detail.kind === 'file' ? (
            detail.file.series.length > 0
              ? <OpenedView title={detail.file.fileName ?? 'Opened file'} series={detail.file.series} />
              : <EmptyState title="No series in this file" description="It has no sheet this app or the service writes. Open a CSV or XLSX exported by Econdata or by the service." />
          ) : null}
          {detail.kind === 'compare' ? <CompareView result={detail.result} /> : null}
        </div>
      </div>
    );
  }

  const tabs = (
    <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'exports' | 'watched')} size="small">
      <Tab value="exports">Saved exports</Tab>
      <Tab value="watched" data-testid="watched-tab">{`Watched${watch && watch.entries.length > 0 ? ` (${watch.entries.length})` : ''}${watch && watch.news > 0 ? ' · new data' : ''}`}</Tab>
    </TabList>
  );
  if (tab === 'watched') {
    return (
      <div className={styles.root}>
        <div className={styles.head}>
          <h1 className={styles.title}>Watched series</h1>
        </div>
        {tabs}
        <WatchedList />
      </div>
    );
  }

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <h1 className={styles.title}>Saved exports</h1>
        <OpenFileButton onOpened={(file) => { setDetail({ kind: 'file', file }); if (file.saved) void load(); }} onError={setActionError} />
        <Button icon={<ArrowClockwise20Regular />} onClick={() => void load()} disabled={loading}>Refresh</Button>
      </div>
      {tabs}
      {error ? <AppError error={error} onRetry={() => void load()} /> : null}
      {list === null && loading ? <Spinner label="Reading the library…" /> : null}
      {list && list.problems.length > 0 ? list.problems.map((p) => <AppError key={p.file} error={reviveError(p.error)} />) : null}
      {list && list.exports.length === 0 ? (
        <EmptyState
          icon={<FolderOpen24Regular />}
          title="No saved exports yet"
          description="Export a series from Explore and choose Saved exports: it appears here, opens without the network, and can be compared with a later export of the same query. You can also open a CSV or XLSX file you already have."
        />
      ) : null}
      {list && list.exports.length > 0 ? (
        <LibraryTable
          exports={list.exports}
          folder={list.folder}
          busy={busy ?? (rerun.running ? 'rerun' : null)}
          onOpen={(m) => void act(`open:${m.id}`, async () => ({ kind: 'opened', view: await client.library.open(m.id) }))}
          onCompare={(older, newer) => void act('compare', async () => ({ kind: 'compare', result: await client.library.compare(older.id, newer.id) }))}
          onRerun={(m) => void rerunAndCompare(m)}
          onRemove={(m) => void remove(m)}
          watch={{
            onWatch: (m) => void client.watch.pin({ from: 'saved', id: m.id }).catch(setActionError),
            onUnwatch: (m) => void client.watch.unpin(keysOf(m)).catch(setActionError),
            watched: isWatched,
          }}
        />
      ) : null}
      {rerun.running && rerun.progress ? (
        <ProgressPanel label="Re-running: fetching from the service" {...(rerun.progress.total ? { value: rerun.progress.loaded, max: rerun.progress.total, unit: 'requests' } : {})} onCancel={rerun.cancel} />
      ) : null}
      {rerun.error ? <AppError error={rerun.error} /> : null}
      {actionError ? <AppError error={actionError} /> : null}
      {notice ? (
        <MessageBar intent="info" data-testid="library-notice"><MessageBarBody>{notice}</MessageBarBody></MessageBar>
      ) : null}
      {busy ? <Spinner size="small" label={busy === 'compare' ? 'Comparing…' : 'Opening…'} /> : null}
    </div>
  );
}
