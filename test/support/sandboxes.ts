/**
 * Sandboxes for contract suites: each test starts the ones it needs (on a free port, over the real
 * data), and they are all closed after the test, whatever happened in it.
 */
import { afterEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '@econdata/sandbox';
import { realDataDir } from './paths.ts';

/**
 * Registers the cleanup in the calling suite and returns a starter.
 *
 * @example const sandbox = useSandboxes({ seed: 7 }); const sb = await sandbox({ faults: '500:1' });
 */
export function useSandboxes(defaults: SandboxOptions = {}): (options?: SandboxOptions) => Promise<Sandbox> {
  const open: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((sb) => sb.close()));
  });
  return async (options = {}) => {
    const sb = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), ...defaults, ...options });
    open.push(sb);
    return sb;
  };
}

/** The error a promise rejects with; fails the test if it resolves. */
export async function failure(p: Promise<unknown>): Promise<Record<string, unknown>> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  if (!e) throw new Error('expected the call to fail');
  return e as Record<string, unknown>;
}
