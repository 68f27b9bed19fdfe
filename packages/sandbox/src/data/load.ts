/**
 * Builds the in-memory dataset from a data folder (cached per process, keyed by the folder's
 * real path, so many test files starting sandboxes parse the 25 MB once) or from the demo pack.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCountries } from './countries.ts';
import { demoFiles } from './demo.ts';
import { DataError, folderFiles, type DataFiles } from './files.ts';
import { loadGso, loadImf, loadWorldBank, sourceName, type LoadedSource } from './load-sources.ts';
import { loadHsCodes, loadMarket, loadTrade } from './load-vietnam.ts';
import type { Dataset, SourceCode, SourceData } from './model.ts';

export interface LoadedDataset {
  dataset: Dataset;
  /** Things in the data the sandbox does not serve, for the startup banner. */
  warnings: string[];
  /** How long loading took, in milliseconds (0 when it came from the cache). */
  loadMs: number;
}

/** The files whose presence makes a folder a data folder. */
const DATA_FILES = [
  'wb_wdi_values.csv', 'imf_weo_values.csv', 'gso_vn_cpi_monthly.csv', 'gso_vn_iip_monthly.csv',
  'gso_vn_retail_sales_monthly.csv', 'gso_vn_trade_monthly.csv', 'gso_vn_gdp_quarterly.csv',
  'vn_customs_trade_monthly.csv', 'vn_stock_prices_daily.csv', 'vn_index_daily.csv',
];

/** Builds a dataset from a set of files (a folder, or the demo pack). */
function buildDataset(files: DataFiles): { dataset: Dataset; warnings: string[] } {
  const countries = loadCountries(files);
  const warnings: string[] = [];
  const sources = new Map<SourceCode, SourceData>();
  const add = (loaded: LoadedSource | undefined) => {
    if (!loaded) return;
    sources.set(loaded.data.code, loaded.data);
    warnings.push(...loaded.warnings);
  };
  add(loadWorldBank(files, countries));
  add(loadImf(files, countries));
  add(loadGso(files));
  return {
    dataset: {
      demo: files.demo, label: files.label, sources, countries: countries.byCode,
      countryList: {
        name: sourceName(files, 'ISO 3166 country codes with World Bank regions, income groups and aggregates'),
        last_updated: [files.modified('countries.csv'), files.modified('wb_economies.csv')].filter(Boolean).sort().pop() ?? '',
      },
      trade: loadTrade(files), market: loadMarket(files), hs: loadHsCodes(files),
    },
    warnings,
  };
}

const folderCache = new Map<string, Promise<LoadedDataset>>();
let demoCache: LoadedDataset | undefined;

/**
 * Loads a data folder, once per process per folder. Throws a DataError naming the problem when
 * the folder is missing, holds none of the data files, or a file is malformed.
 * @example const { dataset } = await loadDataFolder('/work/shared/data');
 */
export function loadDataFolder(dir: string): Promise<LoadedDataset> {
  return load(dir, false);
}

/**
 * Parses a data folder again (its files changed) and makes that the process's cached copy, so the
 * next sandbox started on it serves the new data too. Throws a DataError as loadDataFolder does;
 * then the cache keeps nothing and the caller keeps serving what it had.
 */
export function reloadDataFolder(dir: string): Promise<LoadedDataset> {
  return load(dir, true);
}

function load(dir: string, fresh: boolean): Promise<LoadedDataset> {
  const path = resolve(dir);
  if (!existsSync(path)) return Promise.reject(new DataError(`data folder ${path} does not exist`));
  if (!statSync(path).isDirectory()) {
    return Promise.reject(new DataError(`${path} is a file, not a folder: give the folder that holds the CSV files, e.g. --data ../shared/data`));
  }
  const key = realpathSync(path);
  let cached = fresh ? undefined : folderCache.get(key);
  if (!cached) {
    cached = (async () => {
      const started = performance.now();
      const files = folderFiles(path);
      if (!DATA_FILES.some((f) => files.read(f) !== undefined)) {
        throw new DataError(`${path} holds none of the data files (${DATA_FILES.join(', ')}); see packages/sandbox/README.md`);
      }
      const built = buildDataset(files);
      return { ...built, loadMs: performance.now() - started };
    })();
    // A failed load is not cached: the next caller may have fixed the folder.
    cached.catch(() => folderCache.delete(key));
    folderCache.set(key, cached);
    return cached;
  }
  return cached.then((c) => ({ ...c, loadMs: 0 }));
}

/** The generated demo pack (built once per process). */
export function loadDemo(): LoadedDataset {
  if (!demoCache) {
    const started = performance.now();
    const built = buildDataset(demoFiles());
    demoCache = { ...built, loadMs: performance.now() - started };
    return demoCache;
  }
  return { ...demoCache, loadMs: 0 };
}
