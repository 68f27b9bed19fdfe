/**
 * The CSV for people who compute: the data block alone (its first line is the header, then one line
 * per period or record), no byte order mark, so `pandas.read_csv(path)`, R's `read.csv` or DuckDB
 * read it with no `skiprows` and no stray character in the first column's name. Where it came from
 * goes in a sidecar beside it, `<name>.provenance.json`: every column and the series it holds, and
 * every series' source, query, transform, retrieval time and warnings, as the provenance block of
 * the ordinary CSV says them.
 *
 * The sidecar is written first and removed again if the data file fails, so a data file never
 * stands without its provenance and nothing half-written is left.
 */
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { Series } from '@econdata/core';
import { groupByFrequency } from '../grid/wide.ts';
import { layoutSeries } from '../grid/layout.ts';
import { derivationText, monthsText, queryText } from '../grid/provenance.ts';
import type { Grid, Orientation } from '../grid/types.ts';
import { writeAtomic } from './atomic.ts';
import { writeCsv } from './csv-write.ts';
import { PACKAGE_VERSION } from './version.ts';

export interface DataCsvOptions {
  /** 'wide' (default; long when the series mix frequencies, as a CSV holds one table) or 'long'. */
  orientation?: Orientation;
  /** When the files are made (ISO 8601); default now. */
  createdAt?: string;
  /** Named in the sidecar; default this package's version. */
  productVersion?: string;
}

/** The two files written. */
export interface DataCsvFiles {
  data: string;
  provenance: string;
}

/** `gdp.csv` -> `gdp.provenance.json`, beside it. */
function provenancePathFor(dataPath: string): string {
  const ext = extname(dataPath);
  return join(dirname(dataPath), `${basename(dataPath, ext)}.provenance.json`);
}

/** The sidecar's content: what each column holds and where each series came from. */
function provenanceRecord(series: readonly Series[], grid: Grid, dataFile: string, info: { createdAt: string; productVersion: string }): object {
  const header = grid.rows[grid.regions.header.top] ?? [];
  return {
    data_file: dataFile,
    created_at: info.createdAt,
    product: `Econdata ${info.productVersion}`,
    layout: grid.orientation,
    columns: grid.columns.map((c, i) => {
      const s = c.series === undefined ? undefined : series[c.series];
      const unit = s?.columns.find((col) => col.key === c.key)?.unit;
      return {
        name: header[i]?.v ?? null,
        role: c.role,
        ...(s ? { series: s.id } : {}),
        ...(c.key === undefined ? {} : { field: c.key }),
        ...(unit ? { unit } : {}),
      };
    }),
    series: series.map((s) => {
      const p = s.provenance;
      const derivation = derivationText(p.derivation);
      const months = monthsText(p.query);
      return {
        id: s.id, title: s.title, kind: s.kind, frequency: s.frequency, dimensions: s.dimensions,
        source: p.source, last_updated: p.last_updated, retrieved_at: p.retrieved_at,
        query: queryText(p.endpoint, p.query),
        ...(months ? { months } : {}),
        ...(p.transform ? { transform: p.transform } : {}),
        ...(derivation ? { derivation } : {}),
        ...(p.warnings?.length ? { warnings: p.warnings } : {}),
        ...(p.stale ? { stale: true } : {}),
      };
    }),
  };
}

/**
 * Writes `series` as a data-only CSV at `path` and its provenance at `<name>.provenance.json`
 * beside it, each atomically; returns both paths.
 *
 * @example await writeDataCsv('./gdp.csv', series); // then pandas.read_csv('./gdp.csv')
 */
export async function writeDataCsv(path: string, series: readonly Series[], options: DataCsvOptions = {}): Promise<DataCsvFiles> {
  const mixed = groupByFrequency(series).length > 1;
  const grid = layoutSeries(series, { orientation: mixed ? 'long' : (options.orientation ?? 'wide'), provenance: false });
  const provenance = provenancePathFor(path);
  const record = provenanceRecord(series, grid, basename(path), { createdAt: options.createdAt ?? new Date().toISOString(), productVersion: options.productVersion ?? PACKAGE_VERSION });
  await writeAtomic(provenance, (temp) => writeFile(temp, `${JSON.stringify(record, null, 2)}\n`, 'utf8'));
  try {
    await writeCsv(path, grid, { bom: false });
  } catch (error) {
    await rm(provenance, { force: true });
    throw error;
  }
  return { data: path, provenance };
}
