/**
 * HTTPS for `pnpm dev` on https://localhost:3000: Office only loads add-ins over HTTPS. The
 * certificate comes from office-addin-dev-certs, which also installs its CA so Office trusts it.
 * Where installing is impossible (no sudo, a container), its certificate is still generated and
 * used, and this says exactly what to do for Office (or a browser) to trust it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { generateCertificates, getHttpsServerOptions } from 'office-addin-dev-certs';

// Where office-addin-dev-certs keeps its files (its defaults module, which the package does not export).
const certificateDirectory = join(homedir(), '.office-addin-dev-certs');
const caCertificatePath = join(certificateDirectory, 'ca.crt');
const localhostCertificatePath = join(certificateDirectory, 'localhost.crt');
const localhostKeyPath = join(certificateDirectory, 'localhost.key');

export interface DevHttps {
  key: Buffer;
  cert: Buffer;
  ca: Buffer;
  /** Whether the CA is installed in the system's trust store. */
  trusted: boolean;
}

/** Instructions for trusting the development CA by hand, per platform. */
function trustInstructions(): string {
  return [
    `The development certificate is at ${localhostCertificatePath}, signed by the CA ${caCertificatePath}, which is NOT installed, so Office will refuse https://localhost:3000.`,
    'To trust it:',
    '  - Windows / macOS: run `npx office-addin-dev-certs install` in apps/excel-addin (it asks for administrator rights), then restart `pnpm dev`.',
    `  - Debian/Ubuntu (as root): cp ${caCertificatePath} /usr/local/share/ca-certificates/office-addin-dev-ca.crt && update-ca-certificates`,
    `  - Chromium only (no system change): certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n office-addin-dev-ca -i ${caCertificatePath}`,
    '  - Or open https://localhost:3000/taskpane.html in the browser once and accept the warning (the browser stand-in only; Office needs the CA).',
  ].join('\n');
}

/** Certificates for the dev server: installed and trusted if possible, else generated and explained. */
export async function devHttps(log: (line: string) => void = console.log): Promise<DevHttps> {
  try {
    const options = await getHttpsServerOptions();
    return { ...options, trusted: true };
  } catch (error) {
    log(`office-addin-dev-certs could not install its CA here: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!existsSync(localhostCertificatePath) || !existsSync(localhostKeyPath) || !existsSync(caCertificatePath)) await generateCertificates();
  log(trustInstructions());
  return { key: readFileSync(localhostKeyPath), cert: readFileSync(localhostCertificatePath), ca: readFileSync(caCertificatePath), trusted: false };
}
