/**
 * The first day of the Vietnamese Lunar New Year (Tết Nguyên Đán), by the Vietnamese lunar
 * calendar at UTC+7. The algorithm is Hồ Ngọc Đức's published one ("Lịch Việt Nam" / "Computing the
 * Vietnamese lunar calendar", 2004), which computes new moons and the sun's longitude with Jean
 * Meeus's formulas ("Astronomical Algorithms", 1998) and applies the calendar's rules:
 * - a month starts on the (local, UTC+7) day of a new moon;
 * - month 11 is the month holding the winter solstice (sun's longitude 270°);
 * - in a year with 13 months between two months 11, the first month without a major solar term
 *   (a multiple of 30° of the sun's longitude) is the leap month.
 * Tết is the first day of month 1, the second month after month 11 (the third when a leap month
 * falls in between). The Vietnamese calendar differs from the Chinese (UTC+8) in some years: 1985
 * (21 January in Vietnam, 20 February in China) and 2007 (17 February, 18 February in China).
 */
import { dayNumber, periodAt } from '../calendar/calendar.ts';

const TIME_ZONE = 7;
const DEG = Math.PI / 180;

/** Julian day number of a civil date (the day count this algorithm works in). */
const julianDay = (y: number, m: number, d: number): number => dayNumber(y, m, d) + 2440588;

/** Julian date (UT) of the k-th new moon after 1900-01-01 (Meeus, chapter 49, with the original's ΔT). */
function newMoon(k: number): number {
  const t = k / 1236.85;
  const t2 = t * t;
  const t3 = t2 * t;
  let jd = 2415020.75933 + 29.53058868 * k + 0.0001178 * t2 - 0.000000155 * t3;
  jd += 0.00033 * Math.sin((166.56 + 132.87 * t - 0.009173 * t2) * DEG);
  const m = 359.2242 + 29.10535608 * k - 0.0000333 * t2 - 0.00000347 * t3; // sun's mean anomaly
  const mpr = 306.0253 + 385.81691806 * k + 0.0107306 * t2 + 0.00001236 * t3; // moon's mean anomaly
  const f = 21.2964 + 390.67050646 * k - 0.0016528 * t2 - 0.00000239 * t3; // moon's argument of latitude
  let c1 = (0.1734 - 0.000393 * t) * Math.sin(m * DEG) + 0.0021 * Math.sin(2 * DEG * m);
  c1 = c1 - 0.4068 * Math.sin(mpr * DEG) + 0.0161 * Math.sin(DEG * 2 * mpr);
  c1 = c1 - 0.0004 * Math.sin(DEG * 3 * mpr);
  c1 = c1 + 0.0104 * Math.sin(DEG * 2 * f) - 0.0051 * Math.sin(DEG * (m + mpr));
  c1 = c1 - 0.0074 * Math.sin(DEG * (m - mpr)) + 0.0004 * Math.sin(DEG * (2 * f + m));
  c1 = c1 - 0.0004 * Math.sin(DEG * (2 * f - m)) - 0.0006 * Math.sin(DEG * (2 * f + mpr));
  c1 = c1 + 0.001 * Math.sin(DEG * (2 * f - mpr)) + 0.0005 * Math.sin(DEG * (2 * mpr + m));
  const deltaT = t < -11
    ? 0.001 + 0.000839 * t + 0.0002261 * t2 - 0.00000845 * t3 - 0.000000081 * t * t3
    : -0.000278 + 0.000265 * t + 0.000262 * t2;
  return jd + c1 - deltaT;
}

/** The sun's apparent longitude in radians, [0, 2π), at Julian date `jd` (Meeus, chapter 25, low precision). */
function sunLongitude(jd: number): number {
  const t = (jd - 2451545.0) / 36525;
  const t2 = t * t;
  const m = 357.5291 + 35999.0503 * t - 0.0001559 * t2 - 0.00000048 * t * t2;
  const l0 = 280.46645 + 36000.76983 * t + 0.0003032 * t2;
  let dl = (1.9146 - 0.004817 * t - 0.000014 * t2) * Math.sin(DEG * m);
  dl = dl + (0.019993 - 0.000101 * t) * Math.sin(DEG * 2 * m) + 0.00029 * Math.sin(DEG * 3 * m);
  const l = (l0 + dl) * DEG;
  return l - 2 * Math.PI * Math.floor(l / (2 * Math.PI));
}

/** The local day (Julian day number) of the k-th new moon. */
const newMoonDay = (k: number): number => Math.floor(newMoon(k) + 0.5 + TIME_ZONE / 24);

/** Which 30° sector (0..11) the sun is in at the start of local day `jdn`. */
const sunSector = (jdn: number): number => Math.floor((sunLongitude(jdn - 0.5 - TIME_ZONE / 24) / Math.PI) * 6);

/** The first day of month 11 of lunar year `y` (the month holding the winter solstice of year y). */
function month11(y: number): number {
  const off = julianDay(y, 12, 31) - 2415021;
  const k = Math.floor(off / 29.530588853);
  const nm = newMoonDay(k);
  // The new moon before 31 December started month 11 unless the sun was already past 270° then.
  return sunSector(nm) >= 9 ? newMoonDay(k - 1) : nm;
}

/** Months after month 11 (starting `a11`) until the first without a major solar term: the leap month's offset. */
function leapMonthOffset(a11: number): number {
  const k = Math.floor((a11 - 2415021.076998695) / 29.530588853 + 0.5);
  let i = 1;
  let arc = sunSector(newMoonDay(k + i));
  let last: number;
  do {
    last = arc;
    i += 1;
    arc = sunSector(newMoonDay(k + i));
  } while (arc !== last && i < 14);
  return i - 1;
}

/** Tết of each year, computed once. */
const tetByYear = new Map<number, number>();

/**
 * The first day of the Lunar New Year in Gregorian year `year`, as days since 1970-01-01.
 * @example periodAt(tetDay(2007), 'daily') // '2007-02-17'
 */
export function tetDay(year: number): number {
  const seen = tetByYear.get(year);
  if (seen !== undefined) return seen;
  const a11 = month11(year - 1);
  const b11 = month11(year);
  const k = Math.floor(0.5 + (a11 - 2415021.076998695) / 29.530588853);
  let off = 2; // month 1 is the second month after month 11
  if (b11 - a11 > 365 && off >= leapMonthOffset(a11)) off += 1; // a leap 11 or 12 falls before it
  const day = newMoonDay(k + off) - 2440588;
  tetByYear.set(year, day);
  return day;
}

/**
 * The first day of the Lunar New Year in Vietnam as an ISO date, for code that restates SA=tet
 * elsewhere (the Python snippets of @econdata/ui).
 * @example tetDate(2007) // '2007-02-17'
 */
export function tetDate(year: number): string {
  return periodAt(tetDay(year), 'daily');
}
