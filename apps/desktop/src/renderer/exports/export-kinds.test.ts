import { describe, expect, it } from 'vitest';
import { CSV_KINDS, EXPORT_KINDS, exportRequest, rememberCsvKind, rememberedCsvKind } from './export-kinds.ts';

const q = [{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' } as const];

describe('the data-only CSV export', () => {
  it('is offered beside the ordinary CSV, and asks main for a CSV with dataOnly (the transform goes too)', () => {
    expect(EXPORT_KINDS.map((k) => k.kind)).toEqual(['local-xlsx', 'local-csv', 'local-csv-data', 'service-excel', 'service-csv']);
    expect(exportRequest('local-csv-data', q, 'g', 'downloads', 'Units=pc1')).toEqual({
      operation: 'exports.writeLocal', request: { queries: q, format: 'csv', name: 'g', destination: 'downloads', transform: 'Units=pc1', dataOnly: true },
    });
    expect(exportRequest('local-csv', q, 'g', 'downloads')).toEqual({ operation: 'exports.writeLocal', request: { queries: q, format: 'csv', name: 'g', destination: 'downloads' } });
  });

  it('is refused for Saved exports, saying what to choose', () => {
    expect(exportRequest('local-csv-data', q, 'g', 'library')).toBe('Saved exports keep provenance inside their files, so a data-only CSV goes to Downloads. Choose Downloads, or the ordinary CSV to save it in Saved exports.');
  });
});

describe('both CSV kinds, the choice remembered (issue 28, item 5)', () => {
  it('offers the data-only CSV first until the user chooses, then what was chosen last', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(CSV_KINDS).toEqual(['local-csv-data', 'local-csv']);
    expect(rememberedCsvKind(undefined)).toBe('local-csv-data');
    expect(rememberedCsvKind(storage)).toBe('local-csv-data');
    rememberCsvKind(storage, 'local-csv');
    expect(rememberedCsvKind(storage)).toBe('local-csv');
    rememberCsvKind(storage, 'local-csv-data');
    expect(rememberedCsvKind(storage)).toBe('local-csv-data');
    store.set('econdata.export.csvKind', 'something-else');
    expect(rememberedCsvKind(storage)).toBe('local-csv-data');
  });

  it('names each kind for what reads it', () => {
    expect(CSV_KINDS.map((k) => EXPORT_KINDS.find((e) => e.kind === k)?.label)).toEqual(['CSV for pandas, R, code (.csv + .provenance.json)', 'CSV for Excel (.csv)']);
  });
});
