import * as Astronomy from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { dayNumber, periodAt } from '../calendar/calendar.ts';
import { tetDate, tetDay } from './tet.ts';

const date = (y: number): string => periodAt(tetDay(y), 'daily');

describe('tetDate', () => {
  it('is tetDay as an ISO date (what the Python snippets carry)', () => {
    expect([tetDate(1985), tetDate(2007), tetDate(2030)]).toEqual(['1985-01-21', '2007-02-17', '2030-02-02']);
  });
});

/**
 * An independent Tết: the calendar's rules applied to astronomy-engine's precise new moons and
 * solar longitudes (not Meeus's series the engine uses), at `hours` east of UTC. Month 11 starts on
 * the last new moon (local day) on or before the winter solstice's day; with 13 months to the next
 * month 11, the first month holding no major solar term (a multiple of 30° of the sun's longitude)
 * is the leap month; Tết starts the second month after month 11, the third after a leap 11 or 12.
 */
function astronomicalTet(year: number, hours: number): number {
  const DAY = 86_400_000;
  const local = (t: Astronomy.AstroTime): number => Math.floor((t.date.getTime() + hours * 3_600_000) / DAY);
  const newMoonAfter = (d: Date): Astronomy.AstroTime => Astronomy.SearchMoonPhase(0, d, 40)!;
  const month11 = (y: number): Astronomy.AstroTime => {
    const solstice = local(Astronomy.SearchSunLongitude(270, new Date(Date.UTC(y, 11, 1)), 40)!);
    let moon = newMoonAfter(new Date(Date.UTC(y, 10, 1)));
    for (let next = newMoonAfter(new Date(moon.date.getTime() + DAY)); local(next) <= solstice; next = newMoonAfter(new Date(next.date.getTime() + DAY))) moon = next;
    return moon;
  };
  const starts: number[] = [];
  let moon = month11(year - 1);
  for (let i = 0; i < 15; i++, moon = newMoonAfter(new Date(moon.date.getTime() + 2 * DAY))) starts.push(local(moon));
  const majorTerm = (from: number, to: number): boolean => {
    const since = new Date((from - 2) * DAY);
    for (let longitude = 0; longitude < 360; longitude += 30) {
      const term = Astronomy.SearchSunLongitude(longitude, since, 40); // null: not within 40 days
      if (term && local(term) >= from && local(term) < to) return true;
    }
    return false;
  };
  if (starts.indexOf(local(month11(year))) === 13) {
    for (let i = 1; i <= 13; i++) if (!majorTerm(starts[i]!, starts[i + 1]!)) return i <= 2 ? starts[3]! : starts[2]!;
  }
  return starts[2]!;
}

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

  it('agrees with the calendar\'s rules on precise astronomy (astronomy-engine) every year from 1970 to 2050', () => {
    for (let y = 1970; y <= 2050; y++) expect([y, date(y)]).toEqual([y, periodAt(astronomicalTet(y, 7), 'daily')]);
    // The same rules at UTC+8 give China's dates where the two calendars differ: the check can tell.
    expect(periodAt(astronomicalTet(2007, 8), 'daily')).toBe('2007-02-18');
    expect(periodAt(astronomicalTet(1985, 8), 'daily')).toBe('1985-02-20');
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
