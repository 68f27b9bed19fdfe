/** An opened export or file: the same series view as Explore, read from disk. */
import type { Series } from '@econdata/core';
import type { SavedChart } from '../../shared/contract.ts';
import { SeriesView } from '../series/SeriesView.tsx';

/** Table, chart and provenance of series read from a file, charted as it was exported (right axis, shading). */
export function OpenedView({ title, series, chart }: { title: string; series: readonly Series[]; chart?: SavedChart | undefined }) {
  return <SeriesView key={title} series={series} title={title} {...(chart ? { chart } : {})} />;
}
