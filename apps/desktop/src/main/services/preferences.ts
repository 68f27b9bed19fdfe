/**
 * The explorer's display preferences, kept in the home folder (preferences.json) by the main
 * process: today the language of series names, which main applies to what it fetches, so the chart,
 * the table and every export show the same names. Read back through core's readNameLanguage, so a
 * damaged or older file means English, never something else.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readNameLanguage, type NameLanguage } from '@econdata/core';
import { writeFileAtomic } from '@econdata/core/node';

export interface Preferences {
  nameLanguage: NameLanguage;
}

export class PreferencesService {
  readonly #path: string;

  constructor(home: string) {
    this.#path = join(home, 'preferences.json');
  }

  async load(): Promise<Preferences> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { nameLanguage: 'en' };
      throw error;
    }
    try {
      const value: unknown = JSON.parse(text);
      return { nameLanguage: readNameLanguage(typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['nameLanguage'] : undefined) };
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      return { nameLanguage: 'en' }; // a damaged file is replaced by the next save
    }
  }

  async save(preferences: Preferences): Promise<Preferences> {
    const clean: Preferences = { nameLanguage: readNameLanguage(preferences.nameLanguage) };
    await writeFileAtomic(this.#path, (temp) => writeFile(temp, `${JSON.stringify(clean, null, 2)}\n`));
    return clean;
  }

  /** The language series names are shown in. */
  async nameLanguage(): Promise<NameLanguage> {
    return (await this.load()).nameLanguage;
  }
}
