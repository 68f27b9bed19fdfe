import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The real public data folder (ECONDATA_DATA_DIR, else ../shared/data beside the checkout),
 * or undefined when there is none: suites that need it use `describe.skipIf(!realDataDir)`.
 */
export const realDataDir: string | undefined = (() => {
  const candidate = process.env['ECONDATA_DATA_DIR'] ?? resolve(repoRoot, '../shared/data');
  return existsSync(candidate) ? candidate : undefined;
})();
