import { describe, expect, it } from 'vitest';
import { EXPORT_KINDS, exportRequest } from './export-kinds.ts';

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
