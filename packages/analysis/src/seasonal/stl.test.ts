import { describe, expect, it } from 'vitest';
import { stl, stlParams } from './stl.ts';

// The numbers themselves are checked against statsmodels on the real data (test/contract/seasonal-real-data.test.ts).
describe('stl', () => {
  it('uses statsmodels\' default lengths: trend from period and seasonal, low-pass above the period', () => {
    expect(stlParams(12, 7, false)).toEqual({ period: 12, seasonal: 7, trend: 23, lowPass: 13, inner: 5, outer: 0 });
    expect(stlParams(12, 13, true)).toEqual({ period: 12, seasonal: 13, trend: 21, lowPass: 13, inner: 2, outer: 15 });
    expect(stlParams(4, 7, false)).toEqual({ period: 4, seasonal: 7, trend: 9, lowPass: 5, inner: 5, outer: 0 });
  });

  it('finds an exact seasonal pattern on a straight line, and seasonal + trend add back to the data', () => {
    const pattern = [3, -1, 2, 0, -2, 1, -3, 0, 1, 2, -1, -2];
    const y = Float64Array.from({ length: 120 }, (_, i) => 50 + 0.5 * i + pattern[i % 12]!);
    const { seasonal, trend } = stl(y, y.length, stlParams(12, 7, false));
    for (let i = 0; i < 120; i++) {
      expect(seasonal[i]).toBeCloseTo(pattern[i % 12]!, 8);
      expect(trend[i]).toBeCloseTo(50 + 0.5 * i, 8);
    }
  });

  it('robust fitting leaves an outlier in the remainder', () => {
    const y = Float64Array.from({ length: 96 }, (_, i) => 10 + Math.sin((2 * Math.PI * i) / 12) + (i === 40 ? 30 : 0));
    const plain = stl(y, y.length, stlParams(12, 7, false));
    const robust = stl(y, y.length, stlParams(12, 7, true));
    const remainder = (r: { seasonal: Float64Array; trend: Float64Array }): number => y[40]! - r.seasonal[40]! - r.trend[40]!;
    expect(remainder(robust)).toBeGreaterThan(29);
    expect(remainder(plain)).toBeLessThan(remainder(robust));
  });
});
