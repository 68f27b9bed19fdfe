import { describe, expect, it } from 'vitest';
import { dayNumber, periodAt } from '../calendar/calendar.ts';
import { tetDay } from './tet.ts';

const date = (y: number): string => periodAt(tetDay(y), 'daily');

describe('tetDay: the first day of the Lunar New Year in Vietnam (UTC+7)', () => {
  it('gives the published dates', () => {
    // Vietnam's official calendar (the Vietnamese calendar, as printed and as public holidays were set).
    const known: Record<number, string> = {
      1970: '1970-02-06', 1975: '1975-02-11', 1979: '1979-01-28', 1980: '1980-02-16', 1990: '1990-01-27', 2000: '2000-02-05',
      2005: '2005-02-09', 2006: '2006-01-29', 2008: '2008-02-07', 2009: '2009-01-26',
      2010: '2010-02-14', 2011: '2011-02-03', 2012: '2012-01-23', 2013: '2013-02-10', 2014: '2014-01-31', 2015: '2015-02-19',
      2016: '2016-02-08', 2017: '2017-01-28', 2018: '2018-02-16', 2019: '2019-02-05', 2020: '2020-01-25', 2021: '2021-02-12',
      2022: '2022-02-01', 2023: '2023-01-22', 2024: '2024-02-10', 2025: '2025-01-29', 2026: '2026-02-17',
    };
    for (const [y, d] of Object.entries(known)) expect([y, date(Number(y))]).toEqual([y, d]);
  });

  it('follows the Vietnamese calendar where it differs from the Chinese one (UTC+8)', () => {
    expect(date(2007)).toBe('2007-02-17'); // China: 18 February
    expect(date(1985)).toBe('1985-01-21'); // China: 20 February
    expect(date(2030)).toBe('2030-02-02'); // China: 3 February
  });

  it('falls between 21 January and 20 February every year from 1970 to 2050, 354 to 385 days apart', () => {
    for (let y = 1970; y <= 2050; y++) {
      const d = tetDay(y);
      expect(d).toBeGreaterThanOrEqual(dayNumber(y, 1, 21));
      expect(d).toBeLessThanOrEqual(dayNumber(y, 2, 20));
      if (y > 1970) expect([353, 354, 355, 383, 384, 385]).toContain(d - tetDay(y - 1));
    }
  });
});
