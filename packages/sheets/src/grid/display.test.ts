import { describe, expect, it } from 'vitest';
import { displayText, moreDecimals } from './display.ts';
import { periodToSerial } from './periods.ts';

describe('displayText', () => {
  it.each([
    [{ v: 346615750000.5, fmt: '#,##0' }, '346,615,750,001'],
    [{ v: -0.125, fmt: '0.00"%"' }, '-0.13%'],
    [{ v: -0.001, fmt: '0.00"%"' }, '0.00%'],
    [{ v: 12000100, fmt: '#,##0' }, '12,000,100'],
    [{ v: 4.3, fmt: '#,##0.00' }, '4.30'],
    [{ v: 71.25, fmt: '0.0' }, '71.3'],
    [{ v: 3.62109273885844, fmt: 'General' }, '3.62109273885844'],
    [{ v: periodToSerial('2024-Q2', 'quarterly'), fmt: 'yyyy"-Q2"' }, '2024-Q2'],
    [{ v: periodToSerial('2024-03', 'monthly'), fmt: 'yyyy-mm' }, '2024-03'],
    [{ v: true }, 'TRUE'],
    [{ v: null, fmt: '#,##0' }, ''],
    [{ v: 'Thế giới' }, 'Thế giới'],
  ])('%j -> %s', (cell, text) => {
    expect(displayText(cell)).toBe(text);
  });
});

describe('moreDecimals', () => {
  it.each([
    ['#,##0', 2, '#,##0.00'],
    ['0.00"%"', 1, '0.000"%"'],
    ['#,##0.00', 3, '#,##0.00000'],
    ['0.0', 1, '0.00'],
    ['0.00"%"', 0, '0.00"%"'],
    ['General', 2, 'General'],
    ['yyyy-mm', 2, 'yyyy-mm'],
    [undefined, 2, undefined],
  ])('%s + %d -> %s', (fmt, extra, out) => {
    expect(moreDecimals(fmt, extra)).toBe(out);
  });

  it('shows the digits the unit\'s precision rounds away', () => {
    expect(displayText({ v: 3.14159, fmt: moreDecimals('0.00"%"', 2) })).toBe('3.1416%');
    expect(displayText({ v: 346615750000.5, fmt: moreDecimals('#,##0', 1) })).toBe('346,615,750,000.5');
  });
});
