import { describe, expect, it } from 'vitest';
import { fetchName } from './export-name.ts';

describe('the proposed export name', () => {
  it('names a fetch after what it holds', () => {
    expect(fetchName(['GDP (current US$): Viet Nam', 'GDP (current US$): Thailand'])).toBe('GDP (current US$): Viet Nam, Thailand');
    expect(fetchName(['VNM'])).toBe('VNM');
    expect(fetchName(['A: x', 'B: y', 'C: z'])).toBe('A: x and 2 more');
    expect(fetchName([])).toBe('Export');
    // A transform's words, at the end of every title, are said once.
    const growth = ['GDP (current US$): Viet Nam, % change from a year ago', 'GDP (current US$): Thailand, % change from a year ago'];
    expect(fetchName(growth, '% change from a year ago')).toBe('GDP (current US$): Viet Nam, Thailand, % change from a year ago');
    expect(fetchName(growth)).toBe('GDP (current US$): Viet Nam, % change from a year ago, Thailand, % change from a year ago');
  });
});
