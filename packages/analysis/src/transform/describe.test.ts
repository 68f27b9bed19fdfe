import { describe, expect, it } from 'vitest';
import { conversionWords } from './describe.ts';

describe('conversionWords', () => {
  it('says how the values of one frequency became one value a period of another', () => {
    expect(conversionWords('Q', 'avg', 'monthly')).toBe('the quarterly average of the monthly values');
    expect(conversionWords('A', 'sum', 'monthly')).toBe('the annual sum of the monthly values');
    expect(conversionWords('Q', 'eop', 'daily')).toBe('the last daily value of each quarter');
    expect(['first', 'max', 'min'].map((a) => conversionWords('M', a as 'first', 'daily'))).toEqual(['the first daily value of each month', 'the highest daily value of each month', 'the lowest daily value of each month']);
    expect(conversionWords('Q', 'avg', undefined)).toBe('the quarterly average of its published values');
  });
});
