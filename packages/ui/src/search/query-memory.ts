/**
 * Recent and favourite searches, kept on the machine by each app (the desktop's settings through
 * its main process, the add-in's own storage) behind one small interface.
 */

/** What is kept: the last searches run (newest first) and the ones starred. */
export interface QueryMemory {
  recent: string[];
  favourites: string[];
}

/** Where an app keeps it. */
export interface QueryMemoryStore {
  load(): Promise<QueryMemory>;
  save(memory: QueryMemory): Promise<void>;
}

/** At most this many recent searches are kept. */
const RECENT_MAX = 8;

export const emptyMemory = (): QueryMemory => ({ recent: [], favourites: [] });

/** A search text as kept: trimmed, inner spaces single. */
const clean = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** The memory after `text` was run: first among the recent ones, once (the same text in other case counts as the same). */
export function remember(memory: QueryMemory, text: string): QueryMemory {
  const t = clean(text);
  if (t === '') return memory;
  return { ...memory, recent: [t, ...memory.recent.filter((r) => r.toLowerCase() !== t.toLowerCase())].slice(0, RECENT_MAX) };
}

/** The memory with `text` starred, or unstarred when it was. */
export function toggleFavourite(memory: QueryMemory, text: string): QueryMemory {
  const t = clean(text);
  if (t === '') return memory;
  const has = memory.favourites.some((f) => f.toLowerCase() === t.toLowerCase());
  return { ...memory, favourites: has ? memory.favourites.filter((f) => f.toLowerCase() !== t.toLowerCase()) : [...memory.favourites, t] };
}

/** A kept memory read back, whatever shape it arrives in (an older file, a hand edit): lists of text only. */
export function readMemory(value: unknown): QueryMemory {
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map(clean) : []);
  const o = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { recent: list(o['recent']).slice(0, RECENT_MAX), favourites: list(o['favourites']) };
}

/** A QueryMemoryStore over an async key-value storage (the add-in's `OfficeRuntime.storage`, `localStorage`). */
export function keyValueMemoryStore(storage: { getItem(key: string): Promise<string | null>; setItem(key: string, value: string): Promise<void> }, key = 'econdata.search'): QueryMemoryStore {
  return {
    load: async () => {
      const text = await storage.getItem(key);
      if (text === null) return emptyMemory();
      try {
        return readMemory(JSON.parse(text));
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        return emptyMemory(); // a damaged entry is replaced by the next save
      }
    },
    save: (memory) => storage.setItem(key, JSON.stringify(memory)),
  };
}
