/** A child process for the memory test: reads the workbook argv[2] and prints what happened as JSON. */
import { readXlsx } from '../src/node/xlsx-read.ts';

try {
  const series = await readXlsx(process.argv[2] ?? '');
  process.stdout.write(JSON.stringify({ periods: series[0]?.periods.length ?? 0 }));
} catch (error) {
  const e = error as { code?: string; message?: string };
  process.stdout.write(JSON.stringify({ code: e.code, message: e.message }));
}
