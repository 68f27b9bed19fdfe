import { describe, expect, it } from 'vitest';
import { displayText } from './display.ts';
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
