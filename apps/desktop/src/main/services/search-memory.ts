/**
 * Recent and favourite searches of the explorer, kept in the home folder (search.json) by the main
 * process like its other settings. What is read back goes through ui's `readMemory`, so a damaged
 * or older file gives lists of text, never something else.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { writeFileAtomic } from '@econdata/core/node';
import { readMemory, type QueryMemory } from '@econdata/ui/search-memory';

export class SearchMemoryService {
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  async load(): Promise<QueryMemory> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return readMemory(undefined);
      throw error;
    }
    try {
      return readMemory(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      return readMemory(undefined); // a damaged file is replaced by the next save
    }
  }

  async save(memory: QueryMemory): Promise<QueryMemory> {
    const clean = readMemory(memory);
    await writeFileAtomic(this.#path, (temp) => writeFile(temp, `${JSON.stringify(clean, null, 2)}\n`));
    return clean;
  }
}
