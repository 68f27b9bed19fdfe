/**
 * An opened export or file: the same series view as Explore, read from disk. A saved export can be
 * shown under a transform (main applies it to the series of its file through analysis's one path:
 * nothing is fetched, so it works offline) and exported again as shown.
 */
import { useState } from 'react';
import { parseTransform, transformWords } from '@econdata/analysis';
import type { Series } from '@econdata/core';
import type { OpenedExportView, SavedChart } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';
import { ExportMenu, type ExportDone } from '../exports/ExportMenu.tsx';
import { ExportResultBar } from '../exports/ExportResultBar.tsx';
import { SeriesView } from '../series/SeriesView.tsx';
import { nativeLowest } from '../series/transform-choices.ts';

/** Table, chart and provenance of series read from a file, charted as it was exported (right axis, shading). */
export function OpenedView({ title, series, chart }: { title: string; series: readonly Series[]; chart?: SavedChart | undefined }) {
  return <SeriesView key={title} series={series} title={title} {...(chart ? { chart } : {})} />;
}

/**
 * A saved export opened: its series as saved, or under the transform picked in the series view's
 * transform control (on top of the export's own, which its file holds applied); Export writes what is shown.
 */
export function OpenedExport({ view }: { view: OpenedExportView }) {
  const { client } = useSession();
  const m = view.manifest;
  const [shown, setShown] = useState<{ transform: string; series: readonly Series[] }>({ transform: '', series: view.series });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [exported, setExported] = useState<ExportDone | null>(null);

  const change = async (transform: string): Promise<void> => {
    setBusy(true);
    setError(null);
    setExported(null);
    try {
      setShown({ transform, series: transform ? (await client.library.open(m.id, transform)).series : view.series });
    } catch (e) {
      setError(e); // the export stays shown as it was
    } finally {
      setBusy(false);
    }
  };
  const words = shown.transform ? transformWords(parseTransform(shown.transform)) : '';
  const title = words ? `${m.name}, ${words}` : m.name;

  return (
    <>
      {error ? <AppError error={error} /> : null}
      {exported ? <ExportResultBar done={exported} onDismiss={() => setExported(null)} /> : null}
      <SeriesView
        key={m.id}
        series={shown.series}
        title={title}
        {...(m.chart ? { chart: m.chart } : {})}
        transform={{ value: shown.transform, native: nativeLowest(view.series.map((s) => s.provenance.query)), busy, onChange: (text: string) => void change(text) }}
        actions={(chart) => <ExportMenu queries={m.queries} transform={shown.transform} title={title} chart={chart} saved={m.id} onExported={setExported} />}
      />
    </>
  );
}
