// Sums the results of every test runner and check in a results folder into one line: "N passed, N failed".
// Each runner writes a report there; a missing or unreadable report counts as one failure,
// so a runner that crashed before reporting cannot pass silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const runners = [
  // [report file, how to read passed/failed from it]
  // A suite that failed to load has no failed test but sets success to false: count it once.
  ['vitest.json', (r) => [r.numPassedTests, r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0)]],
  // typecheck, lint, knip: one line each, "<name> passed" or "<name> failed" (scripts/test.sh).
  ['checks.txt', (lines) => [lines.filter((l) => l.endsWith(' passed')).length, lines.filter((l) => !l.endsWith(' passed')).length]],
];

let passed = 0;
let failed = 0;
for (const [file, read] of runners) {
  try {
    const text = readFileSync(join(dir, file), 'utf8');
    const [p, f] = read(file.endsWith('.json') ? JSON.parse(text) : text.split('\n').filter((l) => l.trim() !== ''));
    passed += p;
    failed += f;
  } catch (error) {
    console.error(`no usable report ${file}: ${error.message}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
