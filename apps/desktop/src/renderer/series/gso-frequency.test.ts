import { describe, expect, it } from 'vitest';
import { gsoFrequencies, isGsoFetch, withFrequency } from './gso-frequency.ts';

describe('the GSO frequency switch', () => {
  it('switches the frequency of GSO queries only', () => {
    const gso = { kind: 'indicator' as const, source: 'GSO', indicator: 'CPI', frequency: 'monthly' as const };
    const wb = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
    expect(isGsoFetch([gso])).toBe(true);
    expect(isGsoFetch([gso, wb])).toBe(false);
    expect(isGsoFetch([])).toBe(false);
    expect(withFrequency([gso, wb], 'quarterly')).toEqual([{ ...gso, frequency: 'quarterly' }, wb]);
  });

  it('offers the GSO frequencies the indicator list gives every series, all three while it is unknown', () => {
    const entries = [
      { source: 'GSO', code: 'CPI.TOTAL.YOY', name: 'CPI', frequencies: ['monthly'] },
      { source: 'GSO', code: 'CPI.TOTAL.YTD_AVG_YOY', name: 'CPI YTD', frequencies: ['monthly', 'annual'] },
      { source: 'WB', code: 'CPI.TOTAL.YOY', name: 'not GSO', frequencies: ['annual'] },
    ];
    const q = (indicator: string) => ({ kind: 'indicator' as const, source: 'GSO', indicator });
    expect(gsoFrequencies([q('CPI.TOTAL.YOY')], entries)).toEqual(['monthly']);
    expect(gsoFrequencies([q('cpi.total.ytd_avg_yoy')], entries)).toEqual(['monthly', 'annual']);
    expect(gsoFrequencies([q('CPI.TOTAL.YOY'), q('CPI.TOTAL.YTD_AVG_YOY')], entries)).toEqual(['monthly']);
    expect(gsoFrequencies([q('CPI.UNLISTED')], entries)).toBeNull();
    expect(gsoFrequencies([q('CPI.TOTAL.YOY')], undefined)).toBeNull();
  });
});
