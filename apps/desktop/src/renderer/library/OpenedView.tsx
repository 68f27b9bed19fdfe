/** An opened export or file: the same series view as Explore, read from disk. */
import type { Series } from '@econdata/core';
import { SeriesView } from '../series/SeriesView.tsx';

/** Table, chart and provenance of series read from a file. */
export function OpenedView({ title, series }: { title: string; series: readonly Series[] }) {
  return <SeriesView series={series} title={title} />;
}
