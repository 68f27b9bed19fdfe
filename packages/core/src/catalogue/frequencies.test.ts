import { describe, expect, it } from 'vitest';
import { keptFrequency, sharedFrequencies } from './frequencies.ts';

const info = (code: string, frequencies?: string[]) => ({ code, name: code, ...(frequencies ? { frequencies } : {}) });

describe('the GSO frequencies a query may ask for', () => {
  it('are the ones every series lists, in the order monthly, quarterly, annual', () => {
    expect(sharedFrequencies([info('CPI.TOTAL.YOY', ['monthly'])])).toEqual(['monthly']);
    expect(sharedFrequencies([info('CPI.TOTAL.YTD_AVG_YOY', ['annual', 'monthly'])])).toEqual(['monthly', 'annual']);
    expect(sharedFrequencies([info('CPI.TOTAL.YTD_AVG_YOY', ['monthly', 'annual']), info('CPI.TOTAL.YOY', ['monthly'])])).toEqual(['monthly']);
    expect(sharedFrequencies([info('GDP.TOTAL.YOY', ['quarterly']), info('CPI.TOTAL.YOY', ['monthly'])])).toEqual([]);
  });

  it('are unknown (null) without a series, or when one lists none', () => {
    expect(sharedFrequencies([])).toBeNull();
    expect(sharedFrequencies([info('CPI.TOTAL.YOY', ['monthly']), info('X')])).toBeNull();
  });

  it('keep the chosen one while offered (or the service\'s default), else move to the first offered', () => {
    expect(keptFrequency('annual', ['monthly'])).toBe('monthly');
    expect(keptFrequency('annual', ['monthly', 'annual'])).toBe('annual');
    expect(keptFrequency('', ['quarterly'])).toBe('');
    expect(keptFrequency('annual', [])).toBe('');
    expect(keptFrequency('annual', null)).toBe('annual');
  });
});
