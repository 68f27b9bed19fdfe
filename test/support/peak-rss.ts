/**
 * Peak memory of one piece of work, measured in a child process of its own (so the test runner's
 * heap is not counted): the child runs a module with `node --import tsx`, which ends by calling
 * `reportPeak(result)`; the parent gets the result and the child's peak resident set size.
 */
import { spawn } from 'node:child_process';

/** In the child: prints the result and the process's peak RSS (MB) as one JSON line. */
export function reportPeak(result: Record<string, unknown>): void {
  // resourceUsage().maxRSS is in kilobytes (Linux).
  process.stdout.write(`${JSON.stringify({ ...result, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
}

/** In the parent: runs `module` with `args` in a fresh Node and returns its report. */
export async function measurePeak(module: string, args: string[]): Promise<Record<string, unknown> & { peakRssMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', module, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`the measured child exited with ${String(code)}: ${out}`);
  return JSON.parse(line) as Record<string, unknown> & { peakRssMb: number };
}
