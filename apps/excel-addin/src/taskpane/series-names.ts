/**
 * The language of series names in the add-in: kept in the add-in's own storage (never the
 * workbook, like the key and the searches). What the taskpane fetches is named in it by the one
 * path (@econdata/analysis's `fetchShown`, before a transform adds to the title), so a block's
 * header, table and chart carry the chosen names; which name is shown is core's `seriesNamer`.
 */
import { readNameLanguage, type NameLanguage } from '@econdata/core';
import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, type KeyValueStorage } from '../runtime/index.ts';

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
