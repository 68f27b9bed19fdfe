/**
 * `pnpm start`: sideloads the dev manifest into desktop Excel with office-addin-debugging and runs
 * `pnpm dev` beside it; `pnpm stop` undoes it. Desktop Excel exists only on Windows and macOS:
 * elsewhere this says so, and what to do instead, and exits with status 1.
 * Options: --web <workbook URL> sideloads into Excel on the web instead (any platform).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(app, '../../manifests/manifest.dev.xml');
const cli = join(app, 'node_modules/.bin/office-addin-debugging');
const args = process.argv.slice(2);
const stop = args.includes('--stop');
const webAt = args.indexOf('--web');
const document = webAt >= 0 ? args[webAt + 1] : undefined;

/** What to do where desktop Excel cannot run. */
const NO_EXCEL = [
  `Desktop Excel is not available on ${process.platform}: office-addin-debugging sideloads only into Excel on Windows or macOS.`,
  'Instead:',
  '  - pnpm --filter @econdata/excel-addin dev, then open https://localhost:3000/taskpane.html in a browser:',
  '    the taskpane runs against the sandbox with an in-page workbook stand-in (no Excel needed);',
  '  - or, with pnpm dev running, upload manifests/manifest.dev.xml in Excel on the web (Home > Add-ins > More Add-ins >',
  '    Upload My Add-in), or run: pnpm --filter @econdata/excel-addin start --web <URL of a workbook in OneDrive/SharePoint>.',
  '    Excel must trust the development certificate: see what pnpm dev prints about it.',
].join('\n');

if (webAt >= 0 && !document) {
  console.error('--web needs the URL of a workbook in OneDrive or SharePoint, e.g. --web https://contoso.sharepoint.com/:x:/r/.../Book.xlsx');
  process.exit(2);
}

if (!document && process.platform !== 'win32' && process.platform !== 'darwin') {
  console.error(NO_EXCEL);
  process.exit(1);
}

const command = stop
  ? ['stop', manifest]
  : ['start', manifest, document ? 'web' : 'desktop', '--app', 'excel', '--dev-server', 'pnpm dev', '--dev-server-port', '3000', ...(document ? ['--document', document] : [])];
const run = spawnSync(cli, command, { cwd: app, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(run.status ?? 1);
