/**
 * Excel's epoch, owned by excel-epoch.ts alone: its conversions against serials Excel itself
 * shows, and no other source in packages/ or apps/ holding the epoch (25569, the serial of
 * 1970-01-01, or a date of 1899) to convert by itself.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateToExcelSerial, excelSerialToDate, utcMsToExcelSerial } from './excel-epoch.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');

function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'out' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(path);
  }
  return into;
}

describe('Excel serial days', () => {
  it('are the days Excel shows for these dates (1900 date system, UTC)', () => {
    // Excel: =DATE(2024,1,1) is 45292, =DATE(1970,1,1) 25569, =DATE(1900,3,1) 61.
    expect(dateToExcelSerial(new Date(Date.UTC(2024, 0, 1)))).toBe(45292);
    expect(utcMsToExcelSerial(Date.UTC(1970, 0, 1))).toBe(25569);
    expect(utcMsToExcelSerial(Date.UTC(1900, 2, 1))).toBe(61);
    expect(excelSerialToDate(45292).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    // Noon is half a day; a reader's serial with a fraction rounds to the millisecond.
    expect(dateToExcelSerial(new Date(Date.UTC(2024, 0, 1, 12)))).toBe(45292.5);
    expect(excelSerialToDate(45292.5).toISOString()).toBe('2024-01-01T12:00:00.000Z');
  });

  it('are converted in excel-epoch.ts only: no other source holds the epoch', () => {
    const own = resolve(import.meta.dirname, 'excel-epoch.ts');
    const epoch = /\b25_?569\b|Date\.UTC\(\s*1899\b|new Date\(\s*1899\b|['"`]1899-12-(30|31)/;
    const holders = ['packages', 'apps'].flatMap((top) => sources(join(ROOT, top)))
      .filter((file) => file !== own && epoch.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(holders).toEqual([]);
  });
});
