import { describe, expect, it } from 'vitest';
import { evaluate, formatExpression, parseExpression } from './expression.ts';
import { thrown } from '../testing/thrown.ts';

/** The expression's value with a = 2, b = 3, c = 4 (one period). */
function value(text: string): number {
  const cols = new Map([['a', Float64Array.of(2)], ['b', Float64Array.of(3)], ['c', Float64Array.of(4)]]);
  return evaluate(parseExpression(text).tree, cols, 1)[0]!;
}

describe('parseExpression: the grammar', () => {
  it.each([
    ['a+b*c', 2 + 3 * 4],
    ['(a+b)*c', (2 + 3) * 4],
    ['a-b-c', 2 - 3 - 4],
    ['a/b/c', 2 / 3 / 4],
    ['a/b*100', (2 / 3) * 100],
    ['a^b^2', 2 ** 9],
    ['(a^b)^2', 64],
    ['-a^2', -4],
    ['(-a)^2', 4],
    ['a^-1', 0.5],
    ['-a*-b', 6],
    ['--a', 2],
    ['+a', 2],
    ['a*b^2', 18],
    ['2*a+.5', 4.5],
    ['1e2*a', 200],
    ['A / B', 2 / 3],
    [' ( a + b ) / c ', 1.25],
  ])('%s = %d', (text, expected) => {
    expect(value(text)).toBeCloseTo(expected, 12);
  });

  it('names the operands it uses, sorted, once each', () => {
    expect(parseExpression('c*a/a+b').names).toEqual(['a', 'b', 'c']);
  });

  it('writes a canonical text that reads back to the same tree', () => {
    for (const text of ['a+b*c', '(a+b)*c', 'a-(b-c)', 'a/(b/c)', 'a^b^c', '(a^b)^c', '-a^2', '(-a)^2', '-(a+b)', 'a*-b', 'a/b*100', '(a-b)/c']) {
      const once = parseExpression(text);
      expect(parseExpression(once.text).tree).toEqual(once.tree);
    }
    expect(parseExpression(' ( a + b ) * 100 ').text).toBe('(a+b)*100');
    expect(parseExpression('a-(b-c)').text).toBe('a-(b-c)');
    expect(parseExpression('(a-b)-c').text).toBe('a-b-c');
    expect(parseExpression('(a^b)^c').text).toBe('(a^b)^c');
    expect(formatExpression(parseExpression('a^(b^c)').tree)).toBe('a^b^c');
  });
});

describe('parseExpression: refusals name the position and what was expected', () => {
  it.each([
    ['a/*b', 'at position 3: expected an operand (a, b, c ...), a number or "(", found "*"'],
    ['a+', 'at position 3: expected an operand (a, b, c ...), a number or "(", found the end of the expression'],
    ['(a+b', 'at position 5: expected ")" to close the "(" at position 1, found the end of the expression'],
    ['a+b)', 'at position 4: expected an operator (no "(" is open), found ")"'],
    ['a b', 'at position 3: expected an operator (+ - * / ^) or the end, found "b"'],
    ['2a', 'at position 2: expected an operator (+ - * / ^) or the end, found "a"'],
    ['gdp/pop', 'at position 1: expected an operand (one letter: a, b, c ...), found "gdp"'],
    ['a%b', 'at position 2: expected an operand, a number, an operator or a parenthesis, found "%"'],
    ['a/()', 'at position 4: expected an operand (a, b, c ...), a number or "(", found ")"'],
  ])('%s', (text, message) => {
    const e = thrown(() => parseExpression(text));
    expect(e.parameter).toBe('expression');
    expect(e.message).toContain(`Invalid expression "${text}" ${message}.`);
  });

  it('refuses an empty expression and one without operands', () => {
    expect(thrown(() => parseExpression('  ')).message).toBe('The expression is empty: write one over the operands a, b, c ..., e.g. "a/b" or "a/b*100".');
    expect(thrown(() => parseExpression('2*3')).message).toContain('uses no operand');
  });
});

describe('evaluate over columns', () => {
  const cols = new Map([['a', Float64Array.of(10, NaN, 6, 5, -8)], ['b', Float64Array.of(2, 4, 0, 0, 3)]]);
  it('a missing operand and a divisor of 0 are missing; 0/0 too; a non-finite power is missing', () => {
    expect(Array.from(evaluate(parseExpression('a/b').tree, cols, 5))).toEqual([5, NaN, NaN, NaN, -8 / 3]);
    expect(Array.from(evaluate(parseExpression('a/(b-b)').tree, cols, 5))).toEqual([NaN, NaN, NaN, NaN, NaN]);
    expect(Array.from(evaluate(parseExpression('a^0.5').tree, cols, 5)).map((v) => (Number.isNaN(v) ? null : v))).toEqual([Math.sqrt(10), null, Math.sqrt(6), Math.sqrt(5), null]);
    expect(Array.from(evaluate(parseExpression('b^-1').tree, cols, 5))).toEqual([0.5, 0.25, NaN, NaN, 1 / 3]);
  });
  it('never changes its input columns', () => {
    evaluate(parseExpression('-a*2').tree, cols, 5);
    expect(Array.from(cols.get('a')!)).toEqual([10, NaN, 6, 5, -8]);
  });
});
