import { describe, expect, it } from 'vitest';
import { formatOperand, parseOperand, readDerived } from './operand-text.ts';
import { derivedQueries } from './request.ts';

describe('parseOperand and formatOperand', () => {
  it.each([
    ['WB/NY.GDP.MKTP.CD/VN', { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 }],
    ['wb/ny.gdp.mktp.cd/vn', { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 }],
    ['GSO/CPI.MOM/monthly', { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly', start_year: 2000, end_year: 2023 }],
    ['GSO/GDP.TOTAL.VALUE', { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', start_year: 2000, end_year: 2023 }],
    ['TRADE/exports', { kind: 'trade', flow: 'exports' }],
    ['TRADE', { kind: 'trade' }],
    ['STOCK/vnm', { kind: 'stock', symbol: 'VNM', start_date: '2000-01-01', end_date: '2023-12-31' }],
    ['STOCK/VNINDEX', { kind: 'stock', index: 'VNINDEX', start_date: '2000-01-01', end_date: '2023-12-31' }],
  ])('%s', (text, query) => {
    const o = parseOperand('a', text, { start_year: 2000, end_year: 2023 });
    expect(o).toEqual({ name: 'a', query });
    expect(parseOperand('a', formatOperand(o), { start_year: 2000, end_year: 2023 })).toEqual(o);
  });

  it('reads the operand\'s own transform after a space, in canonical form', () => {
    const o = parseOperand('a', '  GSO/CPI.MOM/monthly   units=pc1 level=pch ');
    expect(o).toEqual({ name: 'a', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly' }, transform: 'Level=pch Units=pc1' });
    expect(formatOperand(o)).toBe('GSO/CPI.MOM/monthly Level=pch Units=pc1');
  });

  it.each([
    ['', 'Operand a is empty'],
    ['WB', 'an indicator is source/code/country'],
    ['WB//VN', 'a part between the slashes is empty'],
    ['TRADE/sideways', 'trade takes one flow: exports, imports, balance'],
    ['STOCK', 'a stock takes one ticker or index'],
    ['WB/NY.GDP.MKTP.CD/VN Units=up', 'Invalid Units "up"'],
  ])('refuses %j', (text, message) => {
    expect(() => parseOperand('a', text)).toThrow(message);
  });
});

describe('readDerived', () => {
  it('names the operands a, b, c ... in order and shares the years', () => {
    const r = readDerived('a/b*100', ['WB/TX.VAL.MRCH.CD.WT/VN', ' ', 'WB/NY.GDP.MKTP.CD/VN'], { start_year: 2010 }, 'units=PC1');
    expect(r).toEqual({
      expression: 'a/b*100',
      operands: [
        { name: 'a', query: { kind: 'indicator', source: 'WB', indicator: 'TX.VAL.MRCH.CD.WT', country: 'VN', start_year: 2010 } },
        { name: 'b', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010 } },
      ],
      transform: 'Units=pc1',
    });
    expect(derivedQueries(r)).toHaveLength(2);
  });

  it('a preset id as the expression takes one series and adds its own operand', () => {
    const r = readDerived('Per_Capita', ['WB/NY.GDP.MKTP.CD/TH'], { start_year: 2000, end_year: 2023 });
    expect(r.expression).toBe('a/b');
    expect(r.words).toBe('per capita');
    expect(r.operands[1]!.query).toEqual({ kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'TH', start_year: 2000, end_year: 2023 });
    expect(() => readDerived('usd', ['GSO/RETAIL.VALUE/monthly', 'WB/PA.NUS.FCRF/VN'])).toThrow('The preset usd takes one series (it adds PA.NUS.FCRF itself); 2 were given.');
  });

  it('refuses no operands, and more than 26', () => {
    expect(() => readDerived('a', [])).toThrow('No operand given');
    expect(() => readDerived('a', Array(27).fill('WB/X/VN') as string[])).toThrow('27 operands given: at most 26');
  });
});
