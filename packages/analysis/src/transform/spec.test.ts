import { describe, expect, it } from 'vitest';
import { checkTransform, formatTransform, optionPairs, parseTransform, type Transform } from './spec.ts';
import { thrown } from '../testing/thrown.ts';

describe('parseTransform', () => {
  it('reads every option, any separator, any case', () => {
    expect(parseTransform('Per=Q Agg=avg Units=pc1 MA=4 Rebase=2015-q1 Points=20')).toEqual({ per: 'Q', agg: 'avg', units: 'pc1', ma: 4, rebase: '2015-Q1', points: 20 });
    expect(parseTransform('units=PC1,per=a;AGG=Sum')).toEqual({ units: 'pc1', per: 'A', agg: 'sum' });
    expect(parseTransform('  Units = cca ;  MA=60, ')).toEqual({ units: 'cca', ma: 60 });
    expect(parseTransform('Rebase=2015-03')).toEqual({ rebase: '2015-03' });
    expect(parseTransform('Rebase=2015')).toEqual({ rebase: '2015' });
    expect(parseTransform('Type=a')).toEqual({ type: 'A' });
    expect(parseTransform('type=F Units=pc1')).toEqual({ type: 'F', units: 'pc1' });
    // Both (the default) is no option at all, so the canonical text stays ''.
    expect(parseTransform('Type=af')).toEqual({});
  });

  it('an empty text is no transform', () => {
    expect(parseTransform('')).toEqual({});
    expect(parseTransform(' ,; ')).toEqual({});
  });

  it.each([
    ['Per=D', 'Per', 'A, Q, M'],
    ['Agg=median Per=A', 'Agg', 'avg, sum, eop'],
    ['Units=pct', 'Units', 'lin, chg, ch1, pch, pc1, pca, cch, cca, log'],
    ['MA=1', 'MA', 'from 2 to 60'],
    ['MA=61', 'MA', 'from 2 to 60'],
    ['MA=2.5', 'MA', 'from 2 to 60'],
    ['Points=0', 'Points', '>= 1'],
    ['Points=-3', 'Points', '>= 1'],
    ['Rebase=2015-13', 'Rebase', '2015, 2015-Q1 or 2015-03'],
    ['Rebase=2015-03-01', 'Rebase', '2015, 2015-Q1 or 2015-03'],
    ['Type=P', 'Type', 'A, F, AF'],
  ])('refuses %s naming %s and the accepted values', (text, option, accepted) => {
    const e = thrown(() => parseTransform(text));
    expect(e.parameter).toBe(option);
    expect(e.message).toContain(accepted);
  });

  it('refuses an unknown option, a bare word, a repeated option and Agg without Per', () => {
    expect(thrown(() => parseTransform('Fill=prev')).message).toContain('Level, Per, Agg, SA, Seasonal, Robust, Tet, Units, MA, Rebase, Type, Points');
    expect(thrown(() => parseTransform('pc1')).message).toContain('Name=Value');
    const twice = thrown(() => parseTransform('Units=pc1 units=pch'));
    expect(twice.message).toBe('Units is given twice: give each option once.');
    const agg = thrown(() => parseTransform('Agg=sum'));
    expect(agg.message).toContain('Agg needs Per');
  });
});

describe('the seasonal adjustment options', () => {
  it('reads SA, Seasonal, Robust and Tet; Tet=w,v is one option whatever the separators around it', () => {
    expect(parseTransform('SA=tet Units=pch')).toEqual({ sa: 'tet', units: 'pch' });
    expect(parseTransform('sa=STL seasonal=13 robust=y')).toEqual({ sa: 'stl', seasonal: 13, robust: 'Y' });
    expect(parseTransform('SA=tet Tet=7,7 Units=pc1')).toEqual({ sa: 'tet', tet: '7,7', units: 'pc1' });
    expect(parseTransform('SA=tet,Tet=7, 30;Units=pc1')).toEqual({ sa: 'tet', tet: '7,30', units: 'pc1' });
    expect(parseTransform('Tet = 12 , 5 SA=tet')).toEqual({ sa: 'tet', tet: '12,5' });
    expect(parseTransform('SA=stl Robust=N')).toEqual({ sa: 'stl' });
    expect(formatTransform(parseTransform('Units=pch Tet=7,7 Robust=Y Seasonal=13 SA=tet Level=pch'))).toBe('Level=pch SA=tet Seasonal=13 Robust=Y Tet=7,7 Units=pch');
    expect(optionPairs('SA=tet Tet=7,7, Dir=H')).toEqual([{ name: 'SA', value: 'tet' }, { name: 'Tet', value: '7,7' }, { name: 'Dir', value: 'H' }]);
  });

  it.each([
    ['SA=x13', 'SA', 'Invalid SA "x13": expected one of stl, tet.'],
    ['SA=stl Seasonal=8', 'Seasonal', 'Invalid Seasonal "8": expected an odd whole number from 7 up (7, 9, 11, 13 ...), the length of STL\'s seasonal smoother in years.'],
    ['SA=stl Seasonal=5', 'Seasonal', 'Invalid Seasonal "5"'],
    ['SA=stl Robust=maybe', 'Robust', 'Invalid Robust "maybe": expected one of Y, N.'],
    ['SA=tet Tet=0,7', 'Tet', 'Invalid Tet "0,7": expected two whole numbers of days from 1 to 30, before Tết and from Tết on, e.g. Tet=10,7.'],
    ['SA=tet Tet=10,31', 'Tet', 'Invalid Tet "10,31"'],
    ['SA=tet Tet=10', 'Tet', 'Invalid Tet "10"'],
    ['Seasonal=13', 'Seasonal', 'Seasonal needs SA: it sets how the seasonal adjustment is done; add SA=stl or SA=tet, e.g. "SA=stl Seasonal=13".'],
    ['Robust=Y', 'Robust', 'Robust needs SA'],
    ['Robust=N', 'Robust', 'Robust needs SA'],
    ['Tet=10,7', 'Tet', 'Tet needs SA'],
    ['SA=stl Tet=10,7', 'Tet', 'Tet sets the Lunar New Year windows of SA=tet; SA=stl takes no Tết effect out: use SA=tet, or leave Tet out.'],
  ])('refuses %s naming %s', (text, option, message) => {
    const e = thrown(() => parseTransform(text));
    expect(e.parameter).toBe(option);
    expect(e.message).toContain(message);
  });
});

describe('formatTransform', () => {
  it('writes options in the order they apply, and reads back to the same transform', () => {
    const all: Transform[] = [
      {}, { units: 'pc1' }, { points: 1, per: 'M' }, { rebase: '2015-Q1', ma: 12, units: 'log', agg: 'eop', per: 'Q' }, { units: 'lin' }, { type: 'F', points: 3 },
    ];
    for (const t of all) expect(parseTransform(formatTransform(t))).toEqual(t);
    expect(formatTransform({ rebase: '2015', units: 'pch', per: 'A', agg: 'sum' })).toBe('Per=A Agg=sum Units=pch Rebase=2015');
    expect(formatTransform({})).toBe('');
    expect(formatTransform({ points: 3, type: 'A', units: 'pc1' })).toBe('Units=pc1 Type=A Points=3');
    expect(formatTransform({ type: 'AF' })).toBe('');
  });

  it('refuses an object no text could give', () => {
    expect(thrown(() => formatTransform({ per: 'q' as 'Q' })).message).toContain('A, Q, M');
    expect(thrown(() => checkTransform({ ma: 100 })).message).toContain('from 2 to 60');
    expect(thrown(() => checkTransform({ agg: 'sum' })).message).toContain('Agg needs Per');
  });
});

describe('the options text shared with other owners', () => {
  it('optionPairs is the one tokenizer: pairs as written, for each owner to read its own names', () => {
    expect(optionPairs(' units = pc1; Dir=H,sort=d ')).toEqual([{ name: 'units', value: 'pc1' }, { name: 'Dir', value: 'H' }, { name: 'sort', value: 'd' }]);
    expect(() => optionPairs('Units=pc1 H')).toThrow('Invalid option "H": expected Name=Value');
  });

  it('parseTransform skips the names another owner reads, and still refuses names nobody reads', () => {
    expect(parseTransform('Units=pc1 Dir=H Sort=D', ['Dir', 'Sort', 'Header', 'Dates'])).toEqual({ units: 'pc1' });
    expect(() => parseTransform('Dir=H')).toThrow('Unknown option "Dir"');
    expect(() => parseTransform('Colour=red', ['Dir'])).toThrow('Unknown option "Colour": expected one of Level, Per, Agg, SA, Seasonal, Robust, Tet, Units, MA, Rebase, Type, Points, Dir.');
  });
});
