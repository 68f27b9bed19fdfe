/**
 * `pnpm bench [filter]`: runs every test/bench/*.bench.ts, each in its own process so that one
 * benchmark's memory and warm caches do not colour the next. Each benchmark prints its own
 * figures as ratios against a baseline measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(filter ? `no benchmark matches "${filter}"` : 'no benchmarks in test/bench');
  process.exit(1);
}

let failures = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failures += 1;
    console.error(`${file} exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failures > 0 ? 1 : 0);
