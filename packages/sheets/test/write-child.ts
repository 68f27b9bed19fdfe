/**
 * A child process for the crash test: starts an atomic write of argv[2], writes half of the new
 * content, says "halfway" on stdout and then hangs until it is killed.
 */
import { appendFile } from 'node:fs/promises';
import { writeAtomic } from '../src/node/atomic.ts';

const target = process.argv[2] ?? '';
await writeAtomic(target, async (temp) => {
  await appendFile(temp, 'new content, first half;');
  process.stdout.write('halfway\n');
  await new Promise(() => setInterval(() => undefined, 1000));
});
