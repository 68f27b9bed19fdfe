/** functions.json as the build writes it: from the JSDoc, matching what src/main.ts registers. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsMetadata } from '../build/functions-metadata.ts';
import { FUNCTIONS } from '../src/functions/functions.ts';

interface Meta {
  functions: Array<{ id: string; name: string; options?: Record<string, boolean>; parameters: Array<{ name: string; type?: string; dimensionality?: string; optional?: boolean }>; result: { dimensionality?: string } }>;
}

describe('functions.json from custom-functions-metadata', () => {
  it('describes exactly the registered functions, with the issue\'s signatures', async () => {
    const meta = JSON.parse(await functionsMetadata(join(import.meta.dirname, '..'))) as Meta;
    expect(meta.functions.map((f) => f.id)).toEqual(Object.keys(FUNCTIONS));
    const sig = (id: string): string[] => meta.functions.find((f) => f.id === id)!.parameters.map((p) => `${p.optional ? '[' : ''}${p.name}${p.dimensionality === 'matrix' ? ' (range)' : ''}${p.optional ? ']' : ''}`);
    expect(sig('INDICATOR')).toEqual(['source', 'indicator (range)', 'country (range)', '[start_year]', '[end_year]', '[frequency]', '[options]']);
    expect(sig('TRADE')).toEqual(['[flow]', '[partner]', '[hs_code]', '[period]', '[options]']);
    expect(sig('STOCK')).toEqual(['symbol_or_index (range)', '[start_date]', '[end_date]', '[field]', '[options]']);
    expect(sig('QUOTA')).toEqual([]);
    // ECON.VALUE: one value in one cell (no spill), each argument one value so a column fills down.
    expect(sig('VALUE')).toEqual(['source', 'indicator', 'country', '[period]', '[options]']);
    const value = meta.functions.find((f) => f.id === 'VALUE')!;
    expect([value.result.dimensionality ?? 'scalar', value.options]).toEqual(['scalar', { cancelable: true, requiresAddress: true }]);
    // The options are text: a transform (analysis's form, e.g. Units=pc1) and the layout (Dir=H), described for Excel's function help.
    for (const id of ['INDICATOR', 'TRADE', 'STOCK', 'DERIVED', 'VALUE']) {
      expect(meta.functions.find((f) => f.id === id)!.parameters.at(-1)).toMatchObject({ name: 'options', type: 'string', optional: true });
    }
    expect(sig('DERIVED')).toEqual(['expression', 'operands (range)', '[start_year]', '[end_year]', '[options]']);
    for (const f of meta.functions.filter((g) => g.id !== 'VALUE')) expect(f.result.dimensionality).toBe('matrix');
    for (const id of ['VALUE', 'INDICATOR', 'TRADE', 'STOCK', 'DERIVED']) expect(meta.functions.find((f) => f.id === id)!.options).toEqual({ cancelable: true, requiresAddress: true });
    expect(meta.functions.find((f) => f.id === 'QUOTA')!.options).toEqual({ stream: true });
  });
});
