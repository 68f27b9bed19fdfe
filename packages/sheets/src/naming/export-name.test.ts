import { describe, expect, it } from 'vitest';
import { EXPORT_NAME_MAX, exportNameProblem, fileStem, proposeExportName } from './export-name.ts';

/** A name's words as file name words (accents folded, anything else a dash). */
function safe(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-');
}

describe('export names', () => {
  it('accepts a chart title with a colon, slashes and accents as a name (issue 22: every first export failed)', () => {
    for (const title of ['Inflation, consumer prices (annual %): Vietnam', 'GDP (current US$): Viet Nam, Thailand', 'Vietnam trade: export (all partners / TOTAL)', 'Chỉ số giá tiêu dùng: Việt Nam']) {
      expect(exportNameProblem(title), title).toBeUndefined();
      expect(proposeExportName(title)).toBe(title);
    }
  });

  it('refuses an empty, too long or multi-line name, saying what to do', () => {
    expect(exportNameProblem('   ')).toBe('Give the export a name.');
    expect(exportNameProblem('x'.repeat(121))).toBe('Shorten the name to 120 characters (it has 121).');
    expect(exportNameProblem('GDP\nVietnam')).toBe('Remove the line breaks or tabs from the name.');
  });

  it('proposes a name the rule accepts from any text', () => {
    const long = 'Gross domestic product at constant 2010 prices: Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use, value for the quarter: Vietnam';
    const proposed = proposeExportName(long);
    expect(proposed).toBe('Gross domestic product at constant 2010 prices: Activities of households as employers; undifferentiated goods- and…');
    expect(proposed.length).toBeLessThanOrEqual(EXPORT_NAME_MAX);
    expect(proposeExportName('GDP\t(current US$):\n Vietnam')).toBe('GDP (current US$): Vietnam');
    expect(proposeExportName(' \n ')).toBe('Export');
    expect(proposeExportName('😀'.repeat(61))).toBe(`${'😀'.repeat(59)}…`);
    for (const text of [long, 'a'.repeat(500), `${'word '.repeat(40)}`, '\u0000\u0001', 'x'.repeat(119) + '😀']) {
      expect(exportNameProblem(proposeExportName(text)), text).toBeUndefined();
    }
  });

  it('names files with what every file system takes, from the same name', () => {
    expect(fileStem('Inflation, consumer prices (annual %): Vietnam')).toBe('Inflation-consumer-prices-annual-Vietnam');
    expect(fileStem('Chỉ số giá: Đà Nẵng')).toBe('Chi-so-gia-Da-Nang');
    expect(fileStem('../../evil')).toBe('evil');
    expect(fileStem('CON')).toBe('CON-export');
    // Windows devices by the part before the first dot (Microsoft: "NUL.tar.gz" is NUL).
    for (const [name, stem] of [['nul.txt', 'nul-export.txt'], ['con.csv', 'con-export.csv'], ['LPT9.txt', 'LPT9-export.txt'], ['Aux.data.2024', 'Aux-export.data.2024'], ['NUL.tar.gz', 'NUL-export.tar.gz'], ['com0', 'com0-export'], ['console.csv', 'console.csv'], ['data.con', 'data.con']]) {
      expect(fileStem(name!), name).toBe(stem);
      expect(fileStem(name!).split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
    }
    expect(fileStem(':::')).toBe('export');
    expect(fileStem('x'.repeat(200))).toHaveLength(80);
  });

  it('cuts a long name at a word and keeps what tells it apart: the countries and the transform (issue 28, item 4)', () => {
    const title = 'Inflation, consumer prices (annual %) and the GDP deflator of the economy: Vietnam, Thailand, Indonesia, % change from a year ago';
    const stem = fileStem(title);
    expect(stem).toBe('Inflation-consumer-prices-Vietnam-Thailand-Indonesia-change-from-a-year-ago');
    expect(stem.length).toBeLessThanOrEqual(80);
    // Every word of the stem is a whole word of the name: none cut in the middle.
    const words = new Set(safe(title).split('-'));
    for (const word of stem.split('-')) expect(words.has(word), word).toBe(true);
    // Without a ": " the start is kept, cut at a word.
    const plain = fileStem('Gross domestic product at constant 2010 prices of every sector and region of Vietnam per quarter and year');
    expect(plain).toBe('Gross-domestic-product-at-constant-2010-prices-of-every-sector-and-region-of');
    expect(fileStem('word '.repeat(30), 60).length).toBeLessThanOrEqual(60);
    expect(fileStem('word '.repeat(30), 60).endsWith('word')).toBe(true);
  });
});
