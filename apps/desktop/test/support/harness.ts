/**
 * Main's services for tests: a throwaway home folder, keys in memory, the embedded sandbox on the
 * real data when it is beside the checkout (else the demo pack), and every started thing closed
 * after each test.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { MemoryKeyStore } from '@econdata/keychain';
import { startSandbox, type Sandbox, type SandboxOptions } from '@econdata/sandbox';
import { realDataDir } from '../../../../test/support/paths.ts';
import type { BridgeEvent } from '../../src/shared/bridge.ts';
import { appFolders, type AppFolders } from '../../src/main/paths.ts';
import { createMainServices, type MainOptions, type MainServices } from '../../src/main/services.ts';

export interface Harness {
  services: MainServices;
  folders: AppFolders;
  keyStore: MemoryKeyStore;
  events: BridgeEvent[];
  /** Sandboxes the embedded default started (each test's own). */
  embedded: Sandbox[];
}

/** Registers cleanup in the calling suite; returns a maker of services and of extra sandboxes. */
export function useMain(): { make(options?: Partial<MainOptions>): Promise<Harness>; sandbox(options?: SandboxOptions): Promise<Sandbox> } {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  return {
    async make(options = {}) {
      const folders = appFolders({ env: { ECONDATA_HOME: await mkdtemp(join(tmpdir(), 'desktop-main-')) } });
      const keyStore = new MemoryKeyStore();
      const events: BridgeEvent[] = [];
      const embedded: Sandbox[] = [];
      const services = createMainServices({
        host: 'web',
        folders,
        dataDir: realDataDir ?? null,
        keyStore,
        env: {},
        clientOptions: { maxRetries: 0 },
        startSandbox: async (o) => {
          const sb = await startSandbox(o);
          embedded.push(sb);
          return sb;
        },
        ...options,
      });
      services.onEvent((e) => events.push(e));
      closers.push(() => services.close());
      return { services, folders, keyStore, events, embedded };
    },
    async sandbox(options = {}) {
      const sb = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), ...options });
      closers.push(() => sb.close());
      return sb;
    },
  };
}

/** Every file under a folder (relative paths), to assert what was or was not written. */
export async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { recursive: true })).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The GDP query every suite uses. */
export const GDP_VN = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2020 } as const;
export const GDP_TH = { ...GDP_VN, country: 'TH' } as const;
