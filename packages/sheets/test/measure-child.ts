/**
 * A child process for the memory tests of hostile files: reads the CSV or XLSX argv[2] and prints
 * how the read ended and the process's peak resident memory (MB), as one JSON line.
 */
import { readCsv } from '../src/node/csv-read.ts';
import { readXlsx } from '../src/node/xlsx-read.ts';

const path = process.argv[2] ?? '';
let outcome: Record<string, unknown>;
try {
  const series = await (path.endsWith('.xlsx') ? readXlsx(path) : readCsv(path));
  outcome = { series: series.length };
} catch (error) {
  const e = error as { code?: string; message?: string };
  outcome = { code: e.code, message: e.message };
}
// resourceUsage().maxRSS is in kilobytes (Linux).
process.stdout.write(JSON.stringify({ ...outcome, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
