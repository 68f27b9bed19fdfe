/**
 * The language of series names in the add-in: kept in the add-in's own storage (never the
 * workbook, like the key and the searches), and applied to what the taskpane fetches before a
 * transform adds to the title, so a block's header, table and chart carry the chosen names. Which
 * name is shown is core's decision (`seriesNamer` over the catalogue, which core keeps cached).
 */
import { readNameLanguage, seriesNamer, type Catalogue, type NameLanguage, type SeriesResult } from '@econdata/core';
import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, type KeyValueStorage } from '../runtime/index.ts';
import type { FetchSeries } from '../office/transformed.ts';

const KEY = STORAGE_KEYS.nameLanguage;

/** The stored language (English until chosen) and a setter that stores the choice. */
export function useNameLanguageSetting(storage: KeyValueStorage): [NameLanguage, (language: NameLanguage) => Promise<void>] {
  const [language, setLanguage] = useState<NameLanguage>('en');
  useEffect(() => {
    let live = true;
    // An unreadable storage leaves English: names are a display choice, never a reason to fail.
    storage.getItem(KEY).then((v) => { if (live) setLanguage(readNameLanguage(v)); }, () => undefined);
    return () => { live = false; };
  }, [storage]);
  const choose = useCallback(async (next: NameLanguage) => {
    await storage.setItem(KEY, next);
    setLanguage(next);
  }, [storage]);
  return [language, choose];
}

/** `fetchSeries` whose indicator series come back named in `language` (English: as they are). */
export function namedFetch(fetchSeries: FetchSeries, catalogue: () => Promise<Catalogue>, language: NameLanguage): FetchSeries {
  if (language === 'en') return fetchSeries;
  return async (queries) => {
    const results = await fetchSeries(queries);
    // Nothing to name when every query failed (and the catalogue is then not asked for nothing).
    if (!results.some((r) => r.ok)) return results;
    const name = seriesNamer(await catalogue(), language);
    return results.map((r): SeriesResult => (r.ok ? { ok: true, series: name(r.series) } : r));
  };
}
