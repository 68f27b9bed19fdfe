/** Recent and favourite searches over an app's QueryMemoryStore (none: kept for this screen only). */
import { useCallback, useEffect, useState } from 'react';
import { emptyMemory, remember, toggleFavourite, type QueryMemory, type QueryMemoryStore } from './query-memory.ts';

export function useQueryMemory(store: QueryMemoryStore | undefined): { memory: QueryMemory; run(text: string): void; star(text: string): void } {
  const [memory, setMemory] = useState<QueryMemory>(emptyMemory);
  useEffect(() => {
    let live = true;
    store?.load().then((m) => { if (live) setMemory(m); }, (error: unknown) => console.warn('Recent searches could not be read:', error));
    return () => { live = false; };
  }, [store]);
  const change = useCallback((next: (m: QueryMemory) => QueryMemory) => {
    setMemory((m) => {
      const updated = next(m);
      if (updated !== m) store?.save(updated).catch((error: unknown) => console.warn('Recent searches could not be saved:', error));
      return updated;
    });
  }, [store]);
  return { memory, run: useCallback((text: string) => change((m) => remember(m, text)), [change]), star: useCallback((text: string) => change((m) => toggleFavourite(m, text)), [change]) };
}
