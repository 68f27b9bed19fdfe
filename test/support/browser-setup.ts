/** globalSetup of the browser project (vitest.config.ts): what every Chromium suite run shares. */
import { prebundleAddin } from './addin-server.ts';

export default async function setup(): Promise<void> {
  await prebundleAddin();
}
