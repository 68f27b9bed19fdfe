import { afterEach, describe, expect, it } from 'vitest';
import { dateToPeriod, formatDate, frequencyOfPeriod, periodFormat, periodToDate, periodToSerial } from './periods.ts';
import { excelSerialToDate } from './excel-epoch.ts';
import { valueFormat } from './formats.ts';

const savedTz = process.env['TZ'];
afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedTz;
});

describe('periods as dates', () => {
  it.each([
    ['2024', 'annual', '2024-01-01T00:00:00.000Z', 'yyyy'],
    ['2024-Q1', 'quarterly', '2024-01-01T00:00:00.000Z', 'yyyy"-Q1"'],
    ['2024-Q4', 'quarterly', '2024-10-01T00:00:00.000Z', 'yyyy"-Q4"'],
    ['2024-03', 'monthly', '2024-03-01T00:00:00.000Z', 'yyyy-mm'],
    ['2024-02-29', 'daily', '2024-02-29T00:00:00.000Z', 'yyyy-mm-dd'],
  ] as const)('%s (%s) is the UTC midnight of its first day', (period, frequency, iso, fmt) => {
    const date = periodToDate(period, frequency);
    expect(date.toISOString()).toBe(iso);
    expect(periodFormat(frequency, period)).toBe(fmt);
    expect(formatDate(date, fmt)).toBe(period);
    expect(dateToPeriod(date, frequency)).toBe(period);
    expect(frequencyOfPeriod(period)).toBe(frequency);
  });

  it.each(['Asia/Ho_Chi_Minh', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])('does not shift by the time zone (%s)', (zone) => {
    process.env['TZ'] = zone;
    expect(new Date(2024, 0, 1).getTimezoneOffset()).not.toBe(0);
    for (const [period, f] of [['2024-01-01', 'daily'], ['2024-12-31', 'daily'], ['2024-Q3', 'quarterly'], ['1999', 'annual']] as const) {
      const date = periodToDate(period, f);
      expect(dateToPeriod(date, f)).toBe(period);
      // 45292 is Excel's serial day for 2024-01-01.
    }
    expect(dateToPeriod(excelSerialToDate(45292), 'daily')).toBe('2024-01-01');
    expect(periodToSerial('2024-01-01', 'daily')).toBe(45292);
    expect(periodToSerial('2024-Q4', 'quarterly')).toBe(45566);
    expect(dateToPeriod(excelSerialToDate(45657), 'daily')).toBe('2024-12-31');
  });

  it('refuses periods that are not of the frequency, naming the expected form', () => {
    expect(() => periodToDate('2024-13', 'monthly')).toThrow(/not a monthly period \(expected 2024-03\)/);
    expect(() => periodToDate('2023-02-29', 'daily')).toThrow(/not a real calendar day/);
    expect(() => periodToDate('2024-Q5', 'quarterly')).toThrow(/quarterly/);
    expect(() => periodFormat('quarterly')).toThrow(/needs a period/);
  });

  it('keeps years below 100 as they are', () => {
    expect(periodToDate('0050', 'annual').getUTCFullYear()).toBe(50);
  });
});

describe('number formats by unit', () => {
  it.each([
    ['% of GDP', 'value', '0.00"%"'],
    ['Percent', 'value', '0.00"%"'],
    ['current US$', 'value', '#,##0'],
    ['US dollar, billions', 'value', '#,##0.00'],
    ['USD billion', 'value', '#,##0.00'],
    ['thousand VND', 'close', '#,##0.00'],
    ['shares', 'volume', '#,##0'],
    [null, 'volume', '#,##0'],
    ['points', 'close', '#,##0.00'],
    ['persons', 'value', '#,##0'],
    ['Persons, millions (source unit code "na", scale 6)', 'value', '#,##0.00'],
    ['local currency units per US$ (period average)', 'value', '#,##0.00'],
    ['International dollars (PPP) per person (source unit code "na")', 'value', '#,##0'],
    ['International dollars (PPP), billions (source unit code "na", scale 9)', 'value', '#,##0.00'],
    ['Intl $ bn', 'value', '#,##0.00'],
    ['billion VND at constant 2010 prices', 'value', '#,##0.00'],
    ['million USD, year to date', 'value', '#,##0.00'],
    ['years', 'value', '0.0'],
    [null, 'value', 'General'],
  ] as const)('%s (%s) -> %s', (unit, key, fmt) => {
    expect(valueFormat(unit, key)).toBe(fmt);
  });
});
